// The demo, end to end, in real headless Chromium: the example server runs in a child process
// exactly as `npm run demo:server` starts it, serving the React app built once for this file.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AxeReport, runAxe } from './support/axe';
import { buildDemoApp } from './support/build-app';
import { launchChromium } from './support/chromium';
import { type DemoProcess, REPO_ROOT, startDemoProcess } from './support/demo-process';
import {
  durationSeconds,
  focused,
  installProbes,
  probesOf,
  timerSeconds,
} from './support/page-probes';
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
const axeReports: AxeReport[] = [];
// Everything the demo needs is served by the demo server: no request may leave it.
const foreignRequests: string[] = [];

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  dataDir = await mkdtemp(join(tmpdir(), 'recall-e2e-data-'));
  appDir = await buildDemoApp();
  [browser, offline, scripted] = await Promise.all([
    launchChromium(),
    startOfflineServer('0'),
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
  await writeFile(join(SCREENSHOTS, '../axe.json'), `${JSON.stringify(axeReports, null, 2)}\n`);
  await browser?.close();
  await Promise.all([offline?.stop(), scripted?.stop()]);
  await Promise.all([
    rm(dataDir, { recursive: true, force: true }),
    rm(appDir, { recursive: true, force: true }),
  ]);
});

/** The default durable storage (PGlite in a directory) with the offline tutor. */
function startOfflineServer(port: string): Promise<DemoProcess> {
  return startDemoProcess(['--port', port, '--storage', `pglite:${dataDir}`, '--app-dir', appDir]);
}

async function openPage(
  options: typeof PHONE | typeof DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  await installProbes(context);
  return { context, page: await newTab(context) };
}

async function newTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.hostname !== '127.0.0.1') foreignRequests.push(url.href);
  });
  return page;
}

/** axe-core on the page as it is now (real styles, so contrast counts): no violation. */
async function expectAccessible(page: Page, name: string): Promise<void> {
  const report = await runAxe(page, name);
  axeReports.push(report);
  expect(report.violations, name).toEqual([]);
  expect(report.passes).toBeGreaterThan(10);
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
    await expect.poll(() => page.getByText('New · 5 points').isVisible()).toBe(true);
    await expectAccessible(page, 'set picker (phone)');
    await page.screenshot({ path: join(SCREENSHOTS, '01-set-picker-phone.png') });

    await page.getByRole('link', { name: 'Start The JavaScript event loop' }).click();
    const session = sessionPage(page);
    await session.waitForAgentReplies(1);
    await expect.poll(() => session.progressItems.count()).toBe(points.length);
    expect(await session.recalledItems.count()).toBe(0);
    expect(await session.input.isEnabled()).toBe(true);
    // The answer box has focus as soon as the session opens.
    await expect.poll(() => focused(page)).toBe('textarea Your answer');
    // The mute toggle says the action it takes (name and text) and shows its state (styled).
    const mute = page.locator('.mute-toggle');
    expect(await mute.getAttribute('data-state')).toBe('unmuted');
    expect(await mute.textContent()).toBe('Mute recall cue');
    const unmutedLook = await backgroundOf(mute);
    await mute.click();
    expect(await mute.getAttribute('data-state')).toBe('muted');
    expect(await page.getByRole('button', { name: 'Unmute recall cue' }).count()).toBe(1);
    expect(await backgroundOf(mute)).not.toBe(unmutedLook);
    await expectAccessible(page, 'session, cue muted (phone)');
    await mute.click();
    expect(await mute.getAttribute('data-state')).toBe('unmuted');
    expect(await backgroundOf(mute)).toBe(unmutedLook);
    await expectAccessible(page, 'session (phone)');

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
    await expectAccessible(page, 'completion overlay (phone)');
    await page.screenshot({ path: join(SCREENSHOTS, '03-completion-overlay-phone.png') });

    // Each live recall played the cue once, and screen readers heard each recall and each
    // reply once it was complete — never a half-streamed reply.
    const live = await probesOf(page);
    expect(live.vibrations).toBe(points.length);
    for (let count = 1; count <= points.length; count += 1) {
      expect(live.announcements.join(' ')).toContain(
        `Point recalled: ${count} of ${points.length}.`,
      );
    }
    const replies = (await session.messages())
      .filter((message) => message.role === 'assistant')
      .map((message) => message.content);
    const announcedReplies = live.announcements.flatMap((text) => {
      const reply = /Agent: ([\s\S]*)$/.exec(text)?.[1];
      return reply === undefined ? [] : [reply];
    });
    expect(announcedReplies.length).toBeGreaterThanOrEqual(points.length);
    for (const reply of announcedReplies) expect(replies).toContain(reply);

    // A second tab on the same session: the same elapsed time (from the stored start), the
    // stored count without a cue, and nothing from the loaded history announced.
    // (Once the first tab's clock is well past what a restarted one would show.)
    await expect.poll(() => timerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const second = await newTab(context);
    await second.goto(page.url());
    const secondSession = sessionPage(second);
    await secondSession.overlay.waitFor();
    expect(await secondSession.recalledItems.count()).toBe(points.length);
    const [firstTime, secondTime] = await Promise.all([timerSeconds(page), timerSeconds(second)]);
    expect(Math.abs(firstTime - secondTime)).toBeLessThanOrEqual(1);
    expect(await probesOf(second)).toEqual({ vibrations: 0, announcements: [] });

    // The image linked to the microtask point was shown inline, served from /media.
    const image = session.log.locator('figure img');
    await expect.poll(() => image.count()).toBe(1);
    expect(
      await image.evaluate((element: HTMLImageElement) => element.naturalWidth),
    ).toBeGreaterThan(0);

    await session.overlay.getByRole('button', { name: 'Continue' }).click();
    await session.overlay.waitFor({ state: 'hidden' });
    expect(await session.input.isEnabled()).toBe(true);
    // Focus goes where the learner continues: the answer box, not <body>.
    await expect.poll(() => focused(page)).toBe('textarea Your answer');
    const transcript = await session.messages();
    const liveItems = await session.items();
    // The image sits right after the reply that showed it, not at the end of the conversation.
    expect(liveItems.findIndex((item) => item.kind === 'figure')).toBeLessThan(
      liveItems.length - 1,
    );
    expect(
      transcript.filter((message) => message.role === 'user').map((message) => message.content),
    ).toEqual(points);

    // "Done" in the second tab finishes the session; focus lands on the finished screen,
    // whose timer and summary say the same duration.
    await secondSession.overlay.getByRole('button', { name: 'Done' }).click();
    await second.getByRole('heading', { name: 'Session complete' }).waitFor();
    await expect.poll(() => focused(second)).toBe('h2 Session complete');
    const summaryText = (await second.locator('.session-duration').textContent()) ?? '';
    expect(await timerSeconds(second)).toBe(durationSeconds(summaryText));
    await expectAccessible(second, 'session complete (phone)');
    await second.close();
    // The first tab follows: complete, with the same time.
    await page.getByRole('heading', { name: 'Session complete' }).waitFor();
    expect(await timerSeconds(page)).toBe(durationSeconds(summaryText));
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
    await expectAccessible(page, 'replay (phone)');
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
    // At least 2 s in, so a timer restarting at 00:00 after the reload would show.
    await expect.poll(() => timerSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const timeBefore = await timerSeconds(page);

    await page.reload();
    await session.waitForAgentReplies(
      before.filter((message) => message.role === 'assistant').length,
    );
    await expect.poll(() => session.input.isEnabled()).toBe(true);
    // The timer goes on from the stored start instead of restarting at 00:00; the jump to the
    // stored count plays no cue and announces nothing; the answer box has focus again.
    expect(await timerSeconds(page)).toBeGreaterThanOrEqual(timeBefore);
    await expect.poll(() => session.recalledItems.count()).toBe(4);
    expect(await probesOf(page)).toEqual({ vibrations: 0, announcements: [] });
    await expect.poll(() => focused(page)).toBe('textarea Your answer');
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

    // Offline: the answer box looks disabled, the warning stays in view, and the last
    // message is not hidden behind the composer's extra line.
    const input = await session.input.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, cursor: style.cursor };
    });
    // The server goes away (as in a deploy) and comes back on the same port and storage.
    await offline.stop();
    await expect.poll(() => session.input.isDisabled()).toBe(true);
    const status = page.locator('.connection-status');
    await expect.poll(() => status.textContent()).toMatch(/Connection lost|Disconnected/);
    const offlineInput = await session.input.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, cursor: style.cursor };
    });
    expect(offlineInput.background).not.toBe(input.background);
    expect(offlineInput.cursor).toBe('not-allowed');
    expect(await backgroundOf(status)).not.toBe(await backgroundOf(page.locator('.session')));
    await expect.poll(() => page.locator('.composer-reason').textContent()).not.toBe('');
    await expect
      .poll(async () => {
        const [message, composer, statusBox] = await Promise.all([
          session.log.locator('[data-role]').last().boundingBox(),
          page.locator('.composer').boundingBox(),
          status.boundingBox(),
        ]);
        return (
          message !== null &&
          composer !== null &&
          statusBox !== null &&
          message.y + message.height <= composer.y + 1 &&
          statusBox.y >= 0 &&
          statusBox.y + statusBox.height <= DESKTOP.viewport.height
        );
      })
      .toBe(true);
    await expectAccessible(page, 'session offline (desktop)');
    await page.screenshot({ path: join(SCREENSHOTS, '07-offline-desktop.png') });
    offline = await startOfflineServer(new URL(offline.url).port);
    await expect.poll(() => session.input.isEnabled(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => focused(page)).toBe('textarea Your answer');

    // Leaving pauses it (focus on the paused screen); the picker offers to resume it.
    await page.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('heading', { name: 'Session paused' }).waitFor();
    await expect.poll(() => focused(page)).toBe('h2 Session paused');
    await expectAccessible(page, 'session paused (desktop)');
    await page.getByRole('link', { name: 'Back to recall sets', exact: true }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'The French Revolution' });
    await card.getByRole('link', { name: 'Resume The French Revolution' }).waitFor();
    // One line, one fact: the session to resume, in the words Past sessions uses too.
    expect(await card.locator('.set-card-meta').textContent()).toBe('paused · 5 of 7 recalled');
    await expectAccessible(page, 'set picker with a paused session (desktop)');
    await page.screenshot({ path: join(SCREENSHOTS, '01-set-picker-desktop.png') });

    await page.getByRole('link', { name: 'Past sessions' }).click();
    const row = page
      .getByRole('list', { name: 'Sessions' })
      .getByRole('link', { name: /The French Revolution/ });
    expect(await row.textContent()).toContain('paused · 5 of 7 recalled');
    await expectAccessible(page, 'past sessions (desktop)');
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
    await expectAccessible(page, 'rabbit-hole prompt (phone)');
    await page.screenshot({ path: join(SCREENSHOTS, '04-rabbithole-prompt-phone.png') });
    const shell = page.locator('.session');
    const recallBackground = await backgroundOf(shell);

    await prompt.getByRole('button', { name: 'Explore' }).click();
    const indicator = page.getByRole('status').filter({ hasText: 'Exploring:' });
    await indicator.waitFor();
    await expect.poll(() => focused(page)).toBe('textarea Your answer');
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
    await expectAccessible(page, 'in a rabbit hole (phone)');
    await page.screenshot({ path: join(SCREENSHOTS, '04-rabbithole-phone.png') });

    const repliesBeforeReturn = await session.agentReplyCount();
    await indicator.getByRole('button', { name: 'Return to session' }).click();
    await indicator.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('textarea Your answer');
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

    // The next answer raises another tangent; staying on track gives focus back too.
    await session.send('Could an animal do photosynthesis, like those green sea slugs?');
    const second = page.getByRole('group', { name: /Want to explore/ });
    await second.waitFor();
    await second.getByRole('button', { name: 'Stay on track' }).click();
    await second.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('textarea Your answer');
    await context.close();
  });

  test('maths and code in a message render formatted, live and in the replay', async () => {
    const { context, page } = await openPage(DESKTOP);
    await page.goto(offline.url);
    await page.getByRole('link', { name: 'Start Photosynthesis' }).click();
    const session = sessionPage(page);
    await session.waitForAgentReplies(1);
    // Progress animates, unless the reader asked for reduced motion.
    const transition = () =>
      session.progressItems.first().evaluate((item) => getComputedStyle(item).transitionDuration);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await transition()).not.toBe('0s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await transition()).toBe('0s');
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
    await expectAccessible(page, 'replay of a paused session (desktop)');

    await page.goto(new URL('/no-such-page', offline.url).href);
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    await expectAccessible(page, 'not found (desktop)');
    await context.close();
  });

  test('no page raised an uncaught error or reached beyond the demo server', () => {
    expect(pageErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  });
});
