import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's result for one page: the page's name and its violations as `rule: target`. */
export interface AxeReport {
  page: string;
  violations: string[];
  /** How many rules passed (so "0 violations" is never "0 rules ran"). */
  passes: number;
}

let source: Promise<string> | undefined;

/**
 * Runs axe-core on the whole page as it is now, with real layout and styles (so colour
 * contrast counts), plus the experimental rule that a control's name contains its visible
 * label. axe is evaluated through the DevTools protocol: the demo's CSP (`script-src 'self'`)
 * would refuse an injected <script>, and must stay as strict as it ships.
 */
export async function runAxe(page: Page, name: string): Promise<AxeReport> {
  source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await source);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, {
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    return {
      violations: results.violations.flatMap((violation) =>
        violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
      ),
      passes: results.passes.length,
    };
  });
  return { page: name, ...result };
}
