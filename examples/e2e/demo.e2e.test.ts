// The demo, end to end, in real headless Chromium: the example server runs in a child process
// exactly as `npm run demo:server` starts it, serving the React app built once for this file.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildDemoApp } from './support/build-app';
import { launchChromium } from './support/chromium';
import { type DemoProcess, REPO_ROOT, startDemoProcess } from './support/demo-process';
import { backgroundOf, sessionPage, timelineItems } from './support/session-page';
import { lacks } from '../../test/system-dependencies';

const SCREENSHOTS = join(REPO_ROOT, 'test-output/screenshots');
// Reduced motion switches the app's transitions off, so screenshots never catch one halfway.
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  reducedMotion: 'reduce',
} as const;
const DESKTOP = { viewport: { width: 1280, height: 860 }, reducedMotion: 'reduce' } as const;
const RABBITHOLE_SCRIPT = 'examples/server/scripts/photosynthesis-rabbithole.json';

interface RecallSetDetail {
  points: { id: string; content: string }[];
}

let appDir: string;
let dataDir: string;
let browser: Browser;
let offline: DemoProcess;
let scripted: DemoProcess;
const pageErrors: string[] = [];
// Everything the demo needs is served by the demo server: no request may leave it.
const foreignRequests: string[] = [];

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  dataDir = await mkdtemp(join(tmpdir(), 'recall-e2e-data-'));
  appDir = await buildDemoApp();
  [browser, offline, scripted] = await Promise.all([
    launchChromium(),
    // The default durable storage (PGlite in a directory) with the offline tutor.
    startDemoProcess(['--port', '0', '--storage', `pglite:${dataDir}`, '--app-dir', appDir]),
    startDemoProcess([
      '--port',
      '0',
      '--storage',
      'memory',
      '--llm',
      `scripted:${RABBITHOLE_SCRIPT}`,
      '--app-dir',
      appDir,
    ]),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([offline?.stop(), scripted?.stop()]);
  await Promise.all([
    rm(dataDir, { recursive: true, force: true }),
    rm(appDir, { recursive: true, force: true }),
  ]);
});

async function openPage(
  options: typeof PHONE | typeof DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.hostname !== '127.0.0.1') foreignRequests.push(url.href);
  });
  return { context, page };
}

async function pointsOf(server: DemoProcess, recallSetId: string): Promise<string[]> {
  const response = await fetch(new URL(`/api/recall-sets/${recallSetId}`, server.url));
  expect(response.status).toBe(200);
  const set = (await response.json()) as RecallSetDetail;
  return set.points.map((point) => point.content);
}

/** The sessions of the browser `context` (each browser is its own learner, by cookie). */
async function sessionsOf(context: BrowserContext, server: DemoProcess, recallSetId: string) {
  const response = await context.request.get(
    new URL(`/api/sessions?recallSetId=${recallSetId}`, server.url).href,
  );
  return (await response.json()) as { id: string; status: string; recalledCount: number }[];
}

/** What a rendered message shows of its notation: TeX sources, code, KaTeX's font, text. */
async function readFormatted(message: Locator) {
  // KaTeX is loaded on first use; until it is, maths shows raw with data-math="loading".
  await message.locator('[data-math="loading"]').first().waitFor({ state: 'detached' });
  return message.locator('[data-part="content"]').evaluate((content) => {
    const katex = content.querySelector('.katex');
    return {
      tex: [...content.querySelectorAll('.katex annotation')].map((node) => node.textContent),
      code: [...content.querySelectorAll('code')].map((node) => node.textContent),
      katexFont: katex === null ? null : getComputedStyle(katex).fontFamily,
      // KaTeX's layers hold the parsed maths; the raw `$…$` source is gone.
      text: content.textContent ?? '',
    };
  });
}

// Skipped (hooks included), after one line saying why, when there is no Chromium; never on CI.
describe.skipIf(lacks('chromium'))('the demo in Chromium', () => {
  test('the start-up log names the offline tutor and one URL', () => {
    expect(offline.output()).toContain('offline tutor — set ANTHROPIC_API_KEY for Claude');
    expect(offline.output().match(/http:\/\//g)).toHaveLength(1);
    expect(scripted.output()).toContain('scripted model outputs');
  });

  test('pick a set, recall every point, see the overlay, continue, leave, replay', async () => {
    const points = await pointsOf(offline, 'javascript-event-loop');
    const { context, page } = await openPage(PHONE);
    await page.goto(offline.url);
    const sets = page.getByRole('list', { name: 'Recall sets' }).getByRole('listitem');
    await expect.poll(() => sets.count()).toBe(3);
    await expect.poll(() => page.getByText('5 of 5 due').isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, '01-set-picker-phone.png') });

    await page.getByRole('link', { name: 'Start The JavaScript event loop' }).click();
    const session = sessionPage(page);
    await session.waitForAgentReplies(1);
    await expect.poll(() => session.progressItems.count()).toBe(points.length);
    expect(await session.recalledItems.count()).toBe(0);
    expect(await session.input.isEnabled()).toBe(true);

    for (const [index, content] of points.entries()) {
      const replies = await session.agentReplyCount();
      await session.send(content);
      await session.waitForRecalled(index + 1);
      await session.waitForAgentReplies(replies + 1);
      if (index === 1) {
        await expect
          .poll(() => session.progress.getByText(`2 of ${points.length} recalled`).isVisible())
          .toBe(true);
        await page.screenshot({ path: join(SCREENSHOTS, '02-mid-session-phone.png') });
      }
    }

    await session.overlay.waitFor({ state: 'visible' });
    expect(await session.recalledItems.count()).toBe(points.length);
    // The modal overlay takes focus, so the keyboard stays inside it.
    await expect
      .poll(() => session.overlay.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, '03-completion-overlay-phone.png') });

    // The image linked to the microtask point was shown inline, served from /media.
    const image = session.log.locator('figure img');
    await expect.poll(() => image.count()).toBe(1);
    expect(
      await image.evaluate((element: HTMLImageElement) => element.naturalWidth),
    ).toBeGreaterThan(0);

    await session.overlay.getByRole('button', { name: 'Continue' }).click();
    await session.overlay.waitFor({ state: 'hidden' });
    expect(await session.input.isEnabled()).toBe(true);
    const transcript = await session.messages();
    const liveItems = await session.items();
    // The image sits right after the reply that showed it, not at the end of the conversation.
    expect(liveItems.findIndex((item) => item.kind === 'figure')).toBeLessThan(
      liveItems.length - 1,
    );
    expect(
      transcript.filter((message) => message.role === 'user').map((message) => message.content),
    ).toEqual(points);

    await page.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('heading', { name: 'Session complete' }).waitFor();
    const [stored] = await sessionsOf(context, offline, 'javascript-event-loop');
    expect(stored).toMatchObject({ status: 'completed', recalledCount: points.length });

    await page.getByRole('link', { name: 'View transcript' }).click();
    await page.getByRole('heading', { name: 'Transcript' }).waitFor();
    const replay = page.getByRole('log', { name: 'Transcript' });
    await replay.locator('[data-role]').first().waitFor();
    const replayed = await replay.locator('[data-role]').evaluateAll((elements) =>
      elements.map((element) => ({
        role: element.getAttribute('data-role'),
        state: element.getAttribute('data-state'),
        content: element.querySelector('[data-part="content"]')?.textContent ?? '',
      })),
    );
    // The replay folds the stored log through the same reducer: the same conversation.
    expect(replayed.map(({ role, content }) => ({ role, content }))).toEqual(
      transcript.map(({ role, content }) => ({ role, content })),
    );
    expect(await page.getByText(`${points.length} of ${points.length} recalled`).count()).toBe(1);
    expect(await replay.locator('figure img').count()).toBeGreaterThan(0);
    // Images, resources and markers too: the replay shows the live timeline, item for item
    // (plus the near-miss hints, which the live page shows in its NearMissHint instead).
    const replayItems = await timelineItems(replay);
    expect(replayItems.filter((item) => item.kind !== 'near_miss')).toEqual(liveItems);
    await page.screenshot({ path: join(SCREENSHOTS, '05-replay-phone.png'), fullPage: true });
    await context.close();
  });

  test('a reload mid-session resumes the same session with nothing lost', async () => {
    const points = await pointsOf(offline, 'french-revolution');
    const { context, page } = await openPage(DESKTOP);
    await page.goto(offline.url);
    await page.getByRole('link', { name: 'Start The French Revolution' }).click();
    const session = sessionPage(page);
    await session.waitForAgentReplies(1);
    // Four points: the text resource, linked to points 1–4, is shown once all four are recalled.
    for (const [index, content] of points.slice(0, 4).entries()) {
      const replies = await session.agentReplyCount();
      await session.send(content);
      await session.waitForRecalled(index + 1);
      await session.waitForAgentReplies(replies + 1);
    }
    const before = await session.messages();
    const itemsBefore = await session.items();
    const recalledBefore = await session.recalledItems.count();
    expect(recalledBefore).toBe(4);
    await page.screenshot({ path: join(SCREENSHOTS, '02-mid-session-desktop.png') });
    await session.log.screenshot({ path: join(SCREENSHOTS, '06-timeline-live-desktop.png') });

    await page.reload();
    await session.waitForAgentReplies(
      before.filter((message) => message.role === 'assistant').length,
    );
    await expect.poll(() => session.input.isEnabled()).toBe(true);
    expect(await session.messages()).toEqual(before);
    // The same items in the same order after the reload: shared resources stay where the log
    // put them instead of moving to the bottom.
    expect(await session.items()).toEqual(itemsBefore);
    expect(itemsBefore.some((item) => item.kind === 'article' || item.kind === 'figure')).toBe(
      true,
    );
    await session.log.screenshot({ path: join(SCREENSHOTS, '06-timeline-reloaded-desktop.png') });
    await expect.poll(() => session.recalledItems.count()).toBe(recalledBefore);
    const sessions = await sessionsOf(context, offline, 'french-revolution');
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.status).toBe('in_progress');

    // The resumed session goes on where it was, and an answer sent right before a reload
    // (typically unacknowledged, its reply still to come) is delivered exactly once.
    await session.send(points[4] ?? '');
    await page.reload();
    await session.waitForRecalled(5);
    await session.waitForAgentReplies(
      before.filter((message) => message.role === 'assistant').length + 1,
    );
    const after = await session.messages();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(
      after.filter((message) => message.role === 'user').map((message) => message.content),
    ).toEqual(points.slice(0, 5));

    // Leaving pauses it; the picker offers to resume it.
    await page.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('heading', { name: 'Session paused' }).waitFor();
    await page.getByRole('link', { name: 'Back to recall sets', exact: true }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'The French Revolution' });
    await card.getByRole('link', { name: 'Resume The French Revolution' }).waitFor();
    expect(await card.getByText('paused · 5/7').isVisible()).toBe(true);
    // FSRS scheduled the five recalled points for later; two are still due.
    expect(await card.getByText('2 of 7 due').isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, '01-set-picker-desktop.png') });

    await page.getByRole('link', { name: 'Past sessions' }).click();
    const row = page
      .getByRole('list', { name: 'Sessions' })
      .getByRole('link', { name: /The French Revolution/ });
    expect(await row.textContent()).toContain('paused · 5/7');
    await context.close();
  });

  test('enter and leave a rabbit hole (scripted model)', async () => {
    const points = await pointsOf(scripted, 'photosynthesis');
    const { context, page } = await openPage(PHONE);
    await page.goto(scripted.url);
    await page.getByRole('link', { name: 'Start Photosynthesis' }).click();
    const session = sessionPage(page);
    await session.waitForAgentReplies(1);
    // The script's evaluator recalls points 1 and 2 on the first two answers (quoting them as
    // evidence); detection starts with the third message, where the script's detector finds a
    // tangent.
    for (const [index, content] of points.slice(0, 2).entries()) {
      await session.send(content);
      await session.waitForRecalled(index + 1);
      await session.waitForAgentReplies(index + 2);
    }
    await session.send('Why do leaves turn red and yellow in autumn if chlorophyll is green?');
    const prompt = page.getByRole('group', { name: /Want to explore/ });
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('Why autumn leaves turn red and yellow');
    await page.screenshot({ path: join(SCREENSHOTS, '04-rabbithole-prompt-phone.png') });
    const shell = page.locator('.session');
    const recallBackground = await backgroundOf(shell);

    await prompt.getByRole('button', { name: 'Explore' }).click();
    const indicator = page.getByRole('status').filter({ hasText: 'Exploring:' });
    await indicator.waitFor();
    expect(await indicator.textContent()).toContain(
      'Exploring: Why autumn leaves turn red and yellow',
    );
    await session.progress.waitFor({ state: 'detached' });
    expect(await shell.getAttribute('data-mode')).toBe('rabbithole');
    expect(await backgroundOf(shell)).not.toBe(recallBackground);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-agent="rabbithole"][data-state="complete"]')].some(
        (element) => element.textContent?.includes('carotenoids'),
      ),
    );
    await session.send('Do the carotenoids do anything while the leaf is still green?');
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-agent="rabbithole"][data-state="complete"]').length >= 2,
    );
    await page.screenshot({ path: join(SCREENSHOTS, '04-rabbithole-phone.png') });

    const repliesBeforeReturn = await session.agentReplyCount();
    await indicator.getByRole('button', { name: 'Return to session' }).click();
    await indicator.waitFor({ state: 'detached' });
    // Back in the session the tutor speaks first: it re-asks its pending question, so the
    // last message is a question from the tutor, not the rabbit-hole agent's.
    await session.waitForAgentReplies(repliesBeforeReturn + 1);
    const returned = (await session.messages()).at(-1)!;
    expect(returned).toMatchObject({ role: 'assistant', state: 'complete' });
    expect(returned.content).toBe(
      'Back to the light reactions: which two energy carriers do they produce for the second stage?',
    );
    expect(
      await session.log.locator('[data-role="assistant"]').last().getAttribute('data-agent'),
    ).toBe('tutor');
    expect(await session.input.isEnabled()).toBe(true);
    await session.progress.waitFor();
    expect(await shell.getAttribute('data-mode')).toBe('recall');
    await expect.poll(() => backgroundOf(shell)).toBe(recallBackground);
    expect(await session.recalledItems.count()).toBe(2);
    await session.progress
      .getByRole('list', { name: 'Explored topics' })
      .getByText('Autumn leaf colours')
      .waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, '04-rabbithole-exited-phone.png') });
    await context.close();
  });

  test('maths and code in a message render formatted, live and in the replay', async () => {
    const { context, page } = await openPage(DESKTOP);
    await page.goto(offline.url);
    await page.getByRole('link', { name: 'Start Photosynthesis' }).click();
    const session = sessionPage(page);
    await session.waitForAgentReplies(1);
    // What the voice pipeline sends for "x squared … len of items": LaTeX and backticks.
    await session.send('The light scales like $x^2$ and I would count with `len(items)`.');
    await session.waitForAgentReplies(2);

    const sent = session.log.locator('[data-role="user"]').last();
    const formatted = await readFormatted(sent);
    expect(formatted).toEqual({
      tex: ['x^2'],
      code: ['len(items)'],
      // KaTeX's stylesheet (imported by the app) is applied: its own font, not ours.
      katexFont: expect.stringContaining('KaTeX_Main'),
      text: expect.not.stringContaining('$'),
    });
    expect(formatted.text).toContain('The light scales like');
    await page.screenshot({ path: join(SCREENSHOTS, '06-formatted-maths-desktop.png') });

    // The replayed transcript renders the stored text the same way.
    await page.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('heading', { name: 'Session paused' }).waitFor();
    const [stored] = await sessionsOf(context, offline, 'photosynthesis');
    await page.goto(new URL(`/sessions/${stored?.id}`, offline.url).href);
    const replay = page.getByRole('log', { name: 'Transcript' });
    const replayed = replay.locator('[data-role="user"]').last();
    await replayed.waitFor();
    expect(await readFormatted(replayed)).toEqual(formatted);
    await context.close();
  });

  test('no page raised an uncaught error or reached beyond the demo server', () => {
    expect(pageErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  });
});
