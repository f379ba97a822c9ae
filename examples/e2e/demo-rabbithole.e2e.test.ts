// The demo's rabbit hole in real headless Chromium, with the scripted model (the server plays
// `examples/server/scripts/photosynthesis-rabbithole.json`): the offer, exploring, returning to
// the tutor's pending question, and staying on track.
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PHONE, SCREENSHOTS, pointsOf, useDemo } from './support/demo-suite';
import { focused } from './support/page-probes';
import { backgroundOf, sessionPage } from './support/session-page';
import { lacks } from '../../test/system-dependencies';

const demo = useDemo({ name: 'demo-rabbithole', scripted: true });

// Skipped (hooks included), after one line saying why, when there is no Chromium; never on CI.
describe.skipIf(lacks('chromium'))('the demo in Chromium, with the scripted model', () => {
  test('the start-up log names the scripted model', () => {
    expect(demo.scripted.output()).toContain('scripted model outputs');
  });

  test('enter and leave a rabbit hole (scripted model)', async () => {
    const points = await pointsOf(demo.scripted, 'photosynthesis');
    const { context, page } = await demo.openPage(PHONE);
    await page.goto(demo.scripted.url);
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
    await demo.expectAccessible(page, 'rabbit-hole prompt (phone)');
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
    await demo.expectAccessible(page, 'in a rabbit hole (phone)');
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

  test('no page raised an uncaught error or reached beyond the demo server', () => {
    demo.expectNoStrayPageActivity();
  });
});
