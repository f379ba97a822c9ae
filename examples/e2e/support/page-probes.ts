import type { BrowserContext, Page } from 'playwright-core';

/**
 * Records what a page does that a test cannot see in the DOM: every `navigator.vibrate` call
 * (the recall cue) and every text the session's announcer (`.announcer`, a live region) took.
 * Installed before any page script runs.
 */
export async function installProbes(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const probes = { vibrations: 0, announcements: [] as string[] };
    Object.assign(window, { __recallProbes: probes });
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: () => {
        probes.vibrations += 1;
        return true;
      },
    });
    const observer = new MutationObserver(() => {
      const text = document.querySelector('.announcer')?.textContent ?? '';
      if (text !== '' && text !== probes.announcements.at(-1)) probes.announcements.push(text);
    });
    document.addEventListener('DOMContentLoaded', () =>
      observer.observe(document.body, { subtree: true, childList: true, characterData: true }),
    );
  });
}

/** What the probes recorded on this page since it loaded. */
export function probesOf(page: Page): Promise<{ vibrations: number; announcements: string[] }> {
  return page.evaluate(() => {
    const probes = (
      window as unknown as { __recallProbes: { vibrations: number; announcements: string[] } }
    ).__recallProbes;
    return { vibrations: probes.vibrations, announcements: [...probes.announcements] };
  });
}

/** The element that has focus, described for an assertion ("textarea Your answer", "h2 Session complete"). */
export function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (element === null || element === document.body) return 'body';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
    return `${element.tagName.toLowerCase()} ${name}`;
  });
}

/** The session timer's reading in seconds (`MM:SS`). */
export async function timerSeconds(page: Page): Promise<number> {
  const text = (await page.locator('[role="timer"]').textContent()) ?? '';
  const [minutes, seconds] = text.split(':').map(Number);
  return (minutes ?? 0) * 60 + (seconds ?? 0);
}

/** "4 min 05 s" or "7 s", as the finished screen shows a duration, in seconds. */
export function durationSeconds(text: string): number {
  const match = /(?:(\d+) min )?(\d+) s/.exec(text);
  return Number(match?.[1] ?? 0) * 60 + Number(match?.[2]);
}
