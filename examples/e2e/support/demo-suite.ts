// What the demo's Chromium tests share: the React app built once per file, the demo servers
// it needs (each a child process, started exactly as `npm run demo:server` starts it), one
// browser, and the checks every page gets (axe, no uncaught error, no request beyond the demo
// server). `useDemo` registers the file's hooks; its tests read the servers from the result.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { type AxeReport, runAxe } from './axe';
import { buildDemoApp } from './build-app';
import { launchChromium } from './chromium';
import { type DemoProcess, REPO_ROOT, startDemoProcess } from './demo-process';
import { installProbes } from './page-probes';

export const SCREENSHOTS = join(REPO_ROOT, 'test-output/screenshots');
// Reduced motion switches the app's transitions off, so screenshots never catch one halfway.
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  reducedMotion: 'reduce',
} as const;
export const DESKTOP = { viewport: { width: 1280, height: 860 }, reducedMotion: 'reduce' } as const;
const RABBITHOLE_SCRIPT = 'examples/server/scripts/photosynthesis-rabbithole.json';

/** Which demo servers a test file needs, and where its axe reports go. */
export interface DemoOptions {
  /** Names the file's axe report (`test-output/axe/<name>.json`). */
  name: string;
  /** The default server: durable storage (PGlite in a directory) and the offline tutor. */
  offline?: boolean;
  /** A server on memory storage whose model plays the rabbit-hole script. */
  scripted?: boolean;
}

/** The servers, the browser and the shared page checks of one test file. */
export interface Demo {
  readonly offline: DemoProcess;
  readonly scripted: DemoProcess;
  /** Starts the offline server again on the same port and storage (after `offline.stop()`). */
  restartOffline(): Promise<void>;
  /** A fresh browser context (a new learner, by cookie) with the probes and one tab. */
  openPage(
    options: typeof PHONE | typeof DESKTOP,
  ): Promise<{ context: BrowserContext; page: Page }>;
  /** Another tab of `context`, watched for uncaught errors and foreign requests. */
  newTab(context: BrowserContext): Promise<Page>;
  /** axe-core on the page as it is now (real styles, so contrast counts): no violation. */
  expectAccessible(page: Page, name: string): Promise<void>;
  /** No page raised an uncaught error or reached beyond the demo server. */
  expectNoStrayPageActivity(): void;
}

/** Registers the file's `beforeAll`/`afterAll` and returns what its tests use. */
export function useDemo(options: DemoOptions): Demo {
  let appDir: string | undefined;
  let dataDir: string | undefined;
  let browser: Browser | undefined;
  let offline: DemoProcess | undefined;
  let scripted: DemoProcess | undefined;
  const pageErrors: string[] = [];
  const axeReports: AxeReport[] = [];
  // Everything the demo needs is served by the demo server: no request may leave it.
  const foreignRequests: string[] = [];

  const startOffline = (port: string) =>
    startDemoProcess(['--port', port, '--storage', `pglite:${dataDir}`, '--app-dir', appDir!]);

  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    dataDir = await mkdtemp(join(tmpdir(), 'recall-e2e-data-'));
    appDir = await buildDemoApp();
    [browser, offline, scripted] = await Promise.all([
      launchChromium(),
      options.offline ? startOffline('0') : undefined,
      options.scripted
        ? startDemoProcess([
            ...['--port', '0', '--storage', 'memory'],
            ...['--llm', `scripted:${RABBITHOLE_SCRIPT}`, '--app-dir', appDir],
          ])
        : undefined,
    ]);
  });

  afterAll(async () => {
    const reports = join(REPO_ROOT, 'test-output/axe');
    await mkdir(reports, { recursive: true });
    await writeFile(
      join(reports, `${options.name}.json`),
      `${JSON.stringify(axeReports, null, 2)}\n`,
    );
    await browser?.close();
    await Promise.all([offline?.stop(), scripted?.stop()]);
    await Promise.all(
      [dataDir, appDir].map((dir) => dir && rm(dir, { recursive: true, force: true })),
    );
  });

  const newTab = async (context: BrowserContext): Promise<Page> => {
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.hostname !== '127.0.0.1') foreignRequests.push(url.href);
    });
    return page;
  };

  return {
    get offline() {
      if (offline === undefined) throw new Error('useDemo: this file has no offline server.');
      return offline;
    },
    get scripted() {
      if (scripted === undefined) throw new Error('useDemo: this file has no scripted server.');
      return scripted;
    },
    async restartOffline() {
      if (offline === undefined) throw new Error('useDemo: this file has no offline server.');
      offline = await startOffline(new URL(offline.url).port);
    },
    async openPage(pageOptions) {
      const context = await browser!.newContext(pageOptions);
      await installProbes(context);
      return { context, page: await newTab(context) };
    },
    newTab,
    async expectAccessible(page, name) {
      const report = await runAxe(page, name);
      axeReports.push(report);
      expect(report.violations, name).toEqual([]);
      expect(report.passes).toBeGreaterThan(10);
    },
    expectNoStrayPageActivity() {
      expect(pageErrors).toEqual([]);
      expect(foreignRequests).toEqual([]);
    },
  };
}

/** The point contents of a recall set, read from the demo server's API. */
export async function pointsOf(server: DemoProcess, recallSetId: string): Promise<string[]> {
  const response = await fetch(new URL(`/api/recall-sets/${recallSetId}`, server.url));
  expect(response.status).toBe(200);
  const set = (await response.json()) as { points: { id: string; content: string }[] };
  return set.points.map((point) => point.content);
}

/** The sessions of the browser `context` (each browser is its own learner, by cookie). */
export async function sessionsOf(
  context: BrowserContext,
  server: DemoProcess,
  recallSetId: string,
): Promise<{ id: string; status: string; recalledCount: number }[]> {
  const response = await context.request.get(
    new URL(`/api/sessions?recallSetId=${recallSetId}`, server.url).href,
  );
  return (await response.json()) as { id: string; status: string; recalledCount: number }[];
}
