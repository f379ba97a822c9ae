// The demo in real headless Chromium, across interruptions: a reload mid-session, an answer
// sent right before a reload, the server going away and coming back on the same port and
// storage, leaving and resuming; and maths and code rendered live and in the replay.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DESKTOP, SCREENSHOTS, pointsOf, sessionsOf, useDemo } from './support/demo-suite';
import { focused, probesOf, timerSeconds } from './support/page-probes';
import { backgroundOf, readFormatted, sessionPage } from './support/session-page';
import { lacks } from '../../test/system-dependencies';

const demo = useDemo({ name: 'demo-reload', offline: true });

// Skipped (hooks included), after one line saying why, when there is no Chromium; never on CI.
describe.skipIf(lacks('chromium'))('the demo in Chromium, interrupted', () => {
  test('a reload mid-session resumes the same session with nothing lost', async () => {
    const points = await pointsOf(demo.offline, 'french-revolution');
    const { context, page } = await demo.openPage(DESKTOP);
    await page.goto(demo.offline.url);
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
    const sessions = await sessionsOf(context, demo.offline, 'french-revolution');
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
    await demo.offline.stop();
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
    await demo.expectAccessible(page, 'session offline (desktop)');
    await page.screenshot({ path: join(SCREENSHOTS, '07-offline-desktop.png') });
    await demo.restartOffline();
    await expect.poll(() => session.input.isEnabled(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => focused(page)).toBe('textarea Your answer');

    // Leaving pauses it (focus on the paused screen); the picker offers to resume it.
    await page.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('heading', { name: 'Session paused' }).waitFor();
    await expect.poll(() => focused(page)).toBe('h2 Session paused');
    await demo.expectAccessible(page, 'session paused (desktop)');
    await page.getByRole('link', { name: 'Back to recall sets', exact: true }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'The French Revolution' });
    await card.getByRole('link', { name: 'Resume The French Revolution' }).waitFor();
    // One line, one fact: the session to resume, in the words Past sessions uses too.
    expect(await card.locator('.set-card-meta').textContent()).toBe('paused · 5 of 7 recalled');
    await demo.expectAccessible(page, 'set picker with a paused session (desktop)');
    await page.screenshot({ path: join(SCREENSHOTS, '01-set-picker-desktop.png') });

    await page.getByRole('link', { name: 'Past sessions' }).click();
    const row = page
      .getByRole('list', { name: 'Sessions' })
      .getByRole('link', { name: /The French Revolution/ });
    expect(await row.textContent()).toContain('paused · 5 of 7 recalled');
    await demo.expectAccessible(page, 'past sessions (desktop)');
    await context.close();
  });

  test('maths and code in a message render formatted, live and in the replay', async () => {
    const { context, page } = await demo.openPage(DESKTOP);
    await page.goto(demo.offline.url);
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
    const [stored] = await sessionsOf(context, demo.offline, 'photosynthesis');
    await page.goto(new URL(`/sessions/${stored?.id}`, demo.offline.url).href);
    const replay = page.getByRole('log', { name: 'Transcript' });
    const replayed = replay.locator('[data-role="user"]').last();
    await replayed.waitFor();
    expect(await readFormatted(replayed)).toEqual(formatted);
    await demo.expectAccessible(page, 'replay of a paused session (desktop)');

    await page.goto(new URL('/no-such-page', demo.offline.url).href);
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    await demo.expectAccessible(page, 'not found (desktop)');
    await context.close();
  });

  test('no page raised an uncaught error or reached beyond the demo server', () => {
    demo.expectNoStrayPageActivity();
  });
});
