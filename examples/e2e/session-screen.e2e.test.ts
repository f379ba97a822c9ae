// The session screen a learner trusts, in real headless Chromium: a near-miss hint lives until
// the next message (also across a reload), a finished session offers no rabbit hole, and after
// a reconnect the page keeps following new messages and gives the answer box its focus back.
import { rm } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { lacks } from '../../test/system-dependencies';
import { buildDemoApp } from './support/build-app';
import { launchChromium } from './support/chromium';
import { type DemoProcess, startDemoProcess } from './support/demo-process';
import { focused } from './support/page-probes';
import { sessionPage } from './support/session-page';

const DESKTOP = { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' } as const;
const SCRIPT = 'examples/e2e/scripts/hint-then-finish.json';

let appDir: string;
let browser: Browser;
let scripted: DemoProcess;
let offline: DemoProcess;
const pageErrors: string[] = [];

beforeAll(async () => {
  if (lacks('chromium')) return;
  appDir = await buildDemoApp();
  const serve = (llm: string[]) =>
    startDemoProcess(['--port', '0', '--storage', 'memory', ...llm, '--app-dir', appDir]);
  [browser, scripted, offline] = await Promise.all([
    launchChromium(),
    serve(['--llm', `scripted:${SCRIPT}`]),
    serve([]),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([scripted?.stop(), offline?.stop()]);
  if (appDir !== undefined) await rm(appDir, { recursive: true, force: true });
});

interface NetworkProbe {
  sockets: WebSocket[];
  offline: boolean;
}

/** A desktop tab whose network the test can cut and restore, as a flaky network would. */
async function openDesktop(): Promise<Page> {
  const context = await browser.newContext(DESKTOP);
  await context.addInitScript(() => {
    const network: NetworkProbe = { sockets: [], offline: false };
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        // Offline, every attempt fails (nothing listens on port 9).
        super(network.offline ? 'ws://127.0.0.1:9/' : url, protocols);
        network.sockets.push(this);
      }
    } as typeof WebSocket;
    Object.assign(window, { __network: network });
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
}

/** Cuts the page's network: its open socket drops, and reconnect attempts fail. */
function goOffline(page: Page): Promise<void> {
  return page.evaluate(() => {
    const network = (window as unknown as { __network: NetworkProbe }).__network;
    network.offline = true;
    for (const socket of network.sockets) {
      if (socket.readyState === WebSocket.OPEN) socket.close(3000);
    }
  });
}

/** Restores the network and says so, as a browser does (the client retries at once). */
function goOnline(page: Page): Promise<void> {
  return page.evaluate(() => {
    (window as unknown as { __network: NetworkProbe }).__network.offline = false;
    window.dispatchEvent(new Event('online'));
  });
}

/** How far the newest message's bottom is below the composer's top (≤ 0: in view). */
function hiddenBelow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const messages = document.querySelectorAll('[role="log"] [data-role]');
    const last = messages[messages.length - 1];
    const composer = document.querySelector('.composer');
    if (last === undefined || composer === null) return Number.POSITIVE_INFINITY;
    return last.getBoundingClientRect().bottom - composer.getBoundingClientRect().top;
  });
}

describe.skipIf(lacks('chromium'))('the session screen in Chromium', () => {
  test('a near-miss hint lasts until the next message, across a reload; a finished session offers no rabbit hole', async () => {
    const page = await openDesktop();
    const session = sessionPage(page);
    const hint = page.locator('.near-miss');
    const prompt = page.locator('.rabbithole-prompt');
    await page.goto(new URL('/session/photosynthesis', scripted.url).href);
    await session.waitForAgentReplies(1);

    await session.send('I think the light reactions happen inside the chloroplast.');
    await session.waitForAgentReplies(2);
    await hint.waitFor();
    const feedback = await hint.textContent();
    // A tutor reply came after it: the hint is still there, and a reload shows the same.
    await page.reload();
    await session.waitForAgentReplies(2);
    await hint.waitFor();
    expect(await hint.textContent()).toBe(feedback);

    // An answer about other points: the hint has served all the same.
    await session.send(
      'Photosystem II splits water, which releases oxygen, and they produce ATP and NADPH.',
    );
    await expect.poll(() => hint.count()).toBe(0);
    await session.waitForAgentReplies(3);
    expect(await hint.count()).toBe(0);
    await page.reload();
    await session.waitForAgentReplies(3);
    expect(await hint.count()).toBe(0);

    await session.send(
      'The light-dependent reactions happen in the thylakoid membranes. The Calvin cycle takes place in the stroma, RuBisCO fixes carbon dioxide onto RuBP, and it produces G3P, which the plant uses to build glucose. Why do leaves turn red in autumn?',
    );
    const overlay = page.getByRole('dialog', { name: 'Session complete' });
    await overlay.waitFor();
    // The tangent is pending while the session is still going…
    await expect.poll(() => prompt.count()).toBe(1);
    await overlay.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('heading', { name: 'Session complete' }).waitFor();
    // …and gone once it finished: no Explore button that could do nothing.
    expect(await prompt.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Explore' }).count()).toBe(0);
    await page.context().close();
  });

  test('after reconnects the page keeps following new messages and the answer box gets its focus back', async () => {
    const page = await openDesktop();
    const session = sessionPage(page);
    await page.goto(new URL('/session/photosynthesis', offline.url).href);
    await session.waitForAgentReplies(1);
    let replies = 1;
    const answer = async (text: string) => {
      await session.send(text);
      replies += 1;
      await session.waitForAgentReplies(replies);
    };
    // Enough conversation to scroll a 900 px window.
    for (let turn = 0; turn < 4; turn += 1) await answer('I do not remember that part.');
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(900);

    for (let drop = 0; drop < 2; drop += 1) {
      await expect.poll(() => focused(page)).toBe('textarea Your answer');
      await goOffline(page);
      await expect.poll(() => session.input.isDisabled()).toBe(true);
      // Long enough for failed attempts, the banner and the composer's reason to show.
      const status = page.locator('.connection-status');
      await expect.poll(() => status.textContent()).toMatch(/Connection lost|Reconnecting/);
      await expect.poll(() => page.locator('.composer-reason').textContent()).not.toBe('');
      await page.waitForTimeout(1_500);
      await goOnline(page);
      await expect.poll(() => session.input.isEnabled(), { timeout: 30_000 }).toBe(true);
      // The connection came back: typing goes on where it was.
      await expect.poll(() => focused(page)).toBe('textarea Your answer');
      for (let turn = 0; turn < 2; turn += 1) {
        await answer('Something about light, I think.');
        await expect.poll(() => hiddenBelow(page)).toBeLessThanOrEqual(1);
      }
    }
    // Scrolling up on purpose stops the following and offers the new messages instead.
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, -2_000);
    await expect.poll(() => hiddenBelow(page)).toBeGreaterThan(100);
    await answer('No idea.');
    const newBelow = page.getByRole('button', { name: 'New messages ↓' });
    await newBelow.waitFor();
    expect(await hiddenBelow(page)).toBeGreaterThan(100);
    await newBelow.click();
    await expect.poll(() => hiddenBelow(page)).toBeLessThanOrEqual(1);
    expect(await newBelow.count()).toBe(0);
    await page.context().close();
  });

  test('no page raised an uncaught error', () => {
    expect(pageErrors).toEqual([]);
  });
});
