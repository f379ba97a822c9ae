import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumPath, lacks } from '../../../test/system-dependencies';
import { renderHtmlReport } from '../src/report/html-report';
import { runEval } from '../src/run/run-eval';
import { readRecallSetsFile } from '../src/sets/sets-file';
import { DEMO_SETS } from './eval-test-support';

// The report page of a real offline run, in headless Chromium with its own CSP: axe-core finds
// no violation (real layout and styles, so colour contrast counts) and the CSP blocks nothing
// of the page's own (its style's hash is right). Skipped, with one line why, without Chromium.

let browser: Browser;

describe.skipIf(lacks('chromium'))('the HTML report in Chromium', () => {
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('axe finds 0 violations and the CSP refuses nothing of the page', async () => {
    const [set] = await readRecallSetsFile(DEMO_SETS);
    const report = await runEval({
      llm: createOfflineLLM(),
      llmDescription: 'offline model',
      sets: [set!],
      personas: ['strong', 'echo', 'confuser', 'tangent'],
      maxTurns: 10,
    });
    expect(report.sessions.some((session) => session.lines !== undefined)).toBe(true);
    const page = await browser.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const requests: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('data:') && request.url() !== 'about:blank')
        requests.push(request.url());
    });
    await page.setContent(renderHtmlReport(report), { waitUntil: 'load' });
    // The style applied: the page's own stylesheet passed the CSP.
    const maxWidth = await page.evaluate(() => getComputedStyle(document.body).maxWidth);
    expect(maxWidth).not.toBe('none');
    const axeSource = await readFile(
      createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
      'utf8',
    );
    await page.evaluate(axeSource);
    const result = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const results = await axe.run(document, { resultTypes: ['violations'] });
      return {
        violations: results.violations.flatMap((violation) =>
          violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
        ),
        passes: results.passes.length,
      };
    });
    expect(result.violations).toEqual([]);
    expect(result.passes).toBeGreaterThan(10);
    expect(refused).toEqual([]);
    expect(requests).toEqual([]);
    await page.close();
  });
});
