// The demo, end to end, in real headless Chromium: a learner picks a set, recalls every point,
// sees the overlay in two tabs, finishes and replays the transcript. The example server runs in
// a child process exactly as `npm run demo:server` starts it, serving the React app built once
// for this file (`support/demo-suite.ts`). Reload and restart: `demo-reload.e2e.test.ts`; the
// rabbit hole: `demo-rabbithole.e2e.test.ts`.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PHONE, SCREENSHOTS, pointsOf, sessionsOf, useDemo } from './support/demo-suite';
import { durationSeconds, focused, probesOf, timerSeconds } from './support/page-probes';
import { backgroundOf, sessionPage, timelineItems } from './support/session-page';
import { lacks } from '../../test/system-dependencies';

const demo = useDemo({ name: 'demo', offline: true });

// Skipped (hooks included), after one line saying why, when there is no Chromium; never on CI.
describe.skipIf(lacks('chromium'))('the demo in Chromium', () => {
  test('the start-up log names the offline tutor and one URL', () => {
    expect(demo.offline.output()).toContain('offline tutor — set ANTHROPIC_API_KEY for Claude');
    expect(demo.offline.output().match(/http:\/\//g)).toHaveLength(1);
  });

  test('pick a set, recall every point, see the overlay, continue, leave, replay', async () => {
    const points = await pointsOf(demo.offline, 'javascript-event-loop');
    const { context, page } = await demo.openPage(PHONE);
    await page.goto(demo.offline.url);
    const sets = page.getByRole('list', { name: 'Recall sets' }).getByRole('listitem');
    await expect.poll(() => sets.count()).toBe(3);
    await expect.poll(() => page.getByText('New · 5 points').isVisible()).toBe(true);
    await demo.expectAccessible(page, 'set picker (phone)');
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
    await demo.expectAccessible(page, 'session, cue muted (phone)');
    await mute.click();
    expect(await mute.getAttribute('data-state')).toBe('unmuted');
    expect(await backgroundOf(mute)).toBe(unmutedLook);
    await demo.expectAccessible(page, 'session (phone)');

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
    await demo.expectAccessible(page, 'completion overlay (phone)');
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
    const second = await demo.newTab(context);
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
    await demo.expectAccessible(second, 'session complete (phone)');
    await second.close();
    // The first tab follows: complete, with the same time.
    await page.getByRole('heading', { name: 'Session complete' }).waitFor();
    expect(await timerSeconds(page)).toBe(durationSeconds(summaryText));
    const [stored] = await sessionsOf(context, demo.offline, 'javascript-event-loop');
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
    await demo.expectAccessible(page, 'replay (phone)');
    await page.screenshot({ path: join(SCREENSHOTS, '05-replay-phone.png'), fullPage: true });
    await context.close();
  });

  test('no page raised an uncaught error or reached beyond the demo server', () => {
    demo.expectNoStrayPageActivity();
  });
});
