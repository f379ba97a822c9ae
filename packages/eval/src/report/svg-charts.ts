// Inline SVG charts for the HTML report: plain shapes and text, every label escaped, no script.
import { escapeHtml } from './html-escape';

/** One bar group: a label and one value (0–1) per series. */
export interface BarGroup {
  label: string;
  values: readonly number[];
}

/** Options for {@link barChart}. */
export interface BarChartOptions {
  id: string;
  title: string;
  series: readonly string[];
  groups: readonly BarGroup[];
}

const SERIES_CLASSES = ['series-a', 'series-b', 'series-c'];
const ROW = 18;
const LABEL_WIDTH = 120;
const BAR_WIDTH = 300;

/** Horizontal grouped bars of shares (0–1), one row per series in each group. */
export function barChart(options: BarChartOptions): string {
  const groupHeight = options.series.length * ROW + 10;
  const legendHeight = 24;
  const height = legendHeight + options.groups.length * groupHeight;
  const width = LABEL_WIDTH + BAR_WIDTH + 60;
  const parts: string[] = [];
  options.series.forEach((name, index) => {
    const x = index * 150;
    parts.push(
      `<rect x="${x}" y="4" width="12" height="12" class="${SERIES_CLASSES[index]}"/>`,
      `<text x="${x + 16}" y="14">${escapeHtml(name)}</text>`,
    );
  });
  options.groups.forEach((group, groupIndex) => {
    const top = legendHeight + groupIndex * groupHeight;
    parts.push(`<text x="0" y="${top + ROW - 4}" class="label">${escapeHtml(group.label)}</text>`);
    group.values.forEach((value, index) => {
      const y = top + index * ROW;
      const clamped = Math.max(0, Math.min(1, value));
      parts.push(
        `<rect x="${LABEL_WIDTH}" y="${y + 2}" width="${(clamped * BAR_WIDTH).toFixed(1)}" height="${ROW - 4}" class="${SERIES_CLASSES[index]}"/>`,
        `<text x="${LABEL_WIDTH + clamped * BAR_WIDTH + 4}" y="${y + ROW - 5}">${Math.round(value * 100)} %</text>`,
      );
    });
  });
  return svg(options.id, options.title, width, height, parts);
}

/** A histogram of whole numbers (turns to completion): one bar per value from the least to the most. */
export function histogram(options: {
  id: string;
  title: string;
  values: readonly number[];
}): string {
  const counts = new Map<number, number>();
  for (const value of options.values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const least = Math.min(...options.values);
  const most = Math.max(...options.values);
  const keys =
    options.values.length === 0
      ? []
      : Array.from({ length: most - least + 1 }, (_, i) => least + i);
  const highest = Math.max(1, ...counts.values());
  const barWidth = 24;
  const top = 20;
  const base = 130;
  const width = Math.max(220, keys.length * (barWidth + 6) + 20);
  const parts: string[] = [];
  if (keys.length === 0) parts.push('<text x="0" y="20">No session completed.</text>');
  keys.forEach((key, index) => {
    const count = counts.get(key) ?? 0;
    const height = (count / highest) * (base - top - 14);
    const x = 10 + index * (barWidth + 6);
    if (count > 0) {
      parts.push(
        `<rect x="${x}" y="${(base - height).toFixed(1)}" width="${barWidth}" height="${height.toFixed(1)}" class="series-a"/>`,
        `<text x="${x + 4}" y="${(base - height - 4).toFixed(1)}">${count}</text>`,
      );
    }
    parts.push(`<text x="${x + 4}" y="${base + 16}">${key}</text>`);
  });
  parts.push(`<text x="10" y="${base + 34}">learner turns</text>`);
  return svg(options.id, options.title, width, base + 40, parts);
}

function svg(id: string, title: string, width: number, height: number, parts: string[]): string {
  return `<svg role="img" aria-labelledby="${id}-title" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><title id="${id}-title">${escapeHtml(title)}</title>${parts.join('')}</svg>`;
}
