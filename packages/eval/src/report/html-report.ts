import { createHash } from 'node:crypto';
import type { EvalReport, SessionReport } from '../run/run-eval';
import { decimal, percent } from './format';
import { escapeHtml } from './html-escape';
import { personaNote } from './persona-notes';
import { barChart, histogram } from './svg-charts';

// Colours chosen for ≥ 4.5:1 contrast of text on the page background and of bars against it.
const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; margin: 0 auto; max-width: 72rem; padding: 1rem 1.5rem 3rem; }
h1, h2, h3 { line-height: 1.2; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; font-size: 13px; }
th, td { border: 1px solid #8a8a8a; padding: 0.25rem 0.5rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.25rem; }
svg { display: block; margin: 0.5rem 0 1.5rem; font-size: 12px; max-width: 100%; height: auto; }
svg text { fill: #1a1a1a; }
.series-a { fill: #1f5f99; }
.series-b { fill: #a8431b; }
.series-c { fill: #2d6a2e; }
.charts { display: flex; flex-wrap: wrap; gap: 2rem; }
.transcript { border: 1px solid #8a8a8a; border-radius: 6px; padding: 0.5rem 1rem; margin-bottom: 1.5rem; }
.transcript ol { list-style: none; padding: 0; }
.transcript li { padding: 0.25rem 0.5rem; border-left: 4px solid transparent; }
.transcript li.offending { background: #fff3c4; border-left-color: #8a5a00; }
.speaker { font-weight: 600; }
.finding { color: #6b3d00; font-weight: 600; }
`;

/**
 * The report as one self-contained HTML page: no script, nothing loaded from the network
 * (a CSP meta tag forbids both), inline SVG charts, every text from a transcript escaped.
 */
export function renderHtmlReport(report: EvalReport): string {
  const styleHash = createHash('sha256').update(STYLE).digest('base64');
  // Our own constant (no data in it): single quotes inside a double-quoted attribute.
  const csp = `default-src 'none'; style-src 'sha256-${styleHash}'; img-src 'none'; base-uri 'none'; form-action 'none'`;
  const personas = Object.entries(report.personas);
  const chart = barChart({
    id: 'personas-chart',
    title:
      'Per persona: sessions completed, largest answer leak by the tutor, false credits over credits',
    series: ['completed', 'tutor leak (max)', 'false credit rate'],
    groups: personas.map(([name, metrics]) => ({
      label: name,
      values: [metrics.completionRate, metrics.tutorLeakMax, metrics.falseCreditRate],
    })),
  });
  const turns = histogram({
    id: 'turns-chart',
    title: 'Turns to completion: how many completed sessions took each number of learner turns',
    values: report.overall.turnsToCompletionValues,
  });
  const worst = report.sessions
    .filter((session) => session.lines !== undefined)
    .sort((a, b) => b.severity - a.severity);
  const { settings } = report;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Recall eval report</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Recall eval report</h1>
<p>Model: ${escapeHtml(settings.llm)}. Sets: ${escapeHtml(settings.sets.join(', '))}. ${report.sessions.length} sessions (${settings.runs} per persona and set, at most ${settings.maxTurns} learner turns).</p>
<h2>Charts</h2>
<div class="charts">
<figure>${chart}<figcaption>Completion, answer leak and false credit per persona.</figcaption></figure>
<figure>${turns}<figcaption>Turns to completion over all completed sessions.</figcaption></figure>
</div>
<h2>By persona</h2>
${metricsTable('Metrics per persona', 'persona', [...personas, ['overall', report.overall]])}
<h2>By set</h2>
${metricsTable('Metrics per set', 'set', Object.entries(report.sets))}
${personaLegend(personas.map(([name]) => name))}
<h2>Worst transcripts</h2>
${worst.length === 0 ? '<p>No session had a finding.</p>' : worst.map(transcriptSection).join('\n')}
</main>
</body>
</html>
`;
}

/** How to read each persona's row; notes are our constants, `code` spans rendered as such. */
function personaLegend(names: readonly string[]): string {
  const items = names.flatMap((name) => {
    const note = personaNote(name);
    if (note === undefined) return [];
    const text = escapeHtml(note).replace(/`([^`]+)`/g, '<code>$1</code>');
    return [`<dt>${escapeHtml(name)}</dt><dd>${text}</dd>`];
  });
  return items.length === 0 ? '' : `<h2>Reading the personas</h2>\n<dl>${items.join('')}</dl>`;
}

function metricsTable(
  caption: string,
  head: string,
  rows: [string, EvalReport['overall']][],
): string {
  const header = [
    head,
    'completed',
    'stuck',
    'turns to completion',
    're-asks',
    '2+ questions',
    'tutor leak max',
    'rabbit-hole leak max',
    'false credits',
    'missed credits',
    'FSRS again·hard·good·easy',
  ];
  const body = rows.map(([name, m]) =>
    [
      name,
      percent(m.completionRate),
      percent(m.stuckRate),
      decimal(m.turnsToCompletion),
      String(m.reAsks),
      percent(m.questionsPerReply.twoPlus),
      percent(m.tutorLeakMax),
      percent(m.rabbitholeLeakMax),
      String(m.falseCredits),
      String(m.missedCredits),
      `${m.ratings.again}·${m.ratings.hard}·${m.ratings.good}·${m.ratings.easy}`,
    ]
      .map((cell, index) =>
        index === 0 ? `<th scope="row">${escapeHtml(cell)}</th>` : `<td>${escapeHtml(cell)}</td>`,
      )
      .join(''),
  );
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${header.map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join('')}</tr></thead><tbody>${body.map((row) => `<tr>${row}</tr>`).join('')}</tbody></table>`;
}

// Credit findings are about the learner's message; the others about what answered it.
const LEARNER_FINDINGS = new Set(['falseCredits', 'missedCredits']);

function transcriptSection(session: SessionReport): string {
  const offending = new Map<string, string[]>();
  for (const finding of session.metrics.findings) {
    const side = LEARNER_FINDINGS.has(finding.metric) ? 'learner' : 'agent';
    const key = `${finding.turn}/${side}`;
    offending.set(key, [...(offending.get(key) ?? []), `${finding.metric}: ${finding.note}`]);
  }
  const flaggedOnce = new Set<string>();
  const items = (session.lines ?? []).map((line) => {
    const key = `${line.turn}/${line.speaker === 'learner' ? 'learner' : 'agent'}`;
    const notes = flaggedOnce.has(key) ? undefined : offending.get(key);
    if (notes !== undefined) flaggedOnce.add(key);
    const note =
      notes === undefined
        ? ''
        : ` <span class="finding">(offending turn — ${escapeHtml(notes.join('; '))})</span>`;
    return `<li${notes === undefined ? '' : ' class="offending"'}><span class="speaker">${escapeHtml(line.speaker)}, turn ${line.turn}:</span> ${escapeHtml(line.text)}${note}</li>`;
  });
  return `<section class="transcript" aria-label="${escapeHtml(`${session.persona} on ${session.setId}, run ${session.run + 1}`)}"><h3>${escapeHtml(session.persona)} on ${escapeHtml(session.setId)}, run ${session.run + 1}</h3><ol>${items.join('')}</ol></section>`;
}
