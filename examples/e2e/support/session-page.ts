import type { Locator, Page } from 'playwright-core';

/** What the conversation shows: author role, state and text of every message, in order. */
export interface ShownMessage {
  role: string | null;
  state: string | null;
  content: string;
}

/** One item of a rendered timeline: a message (its role), an image, a resource or a marker. */
export interface ShownItem {
  kind: string;
  text: string;
}

/** Every item of a rendered timeline (`role="log"`), in the order the page shows them. */
export function timelineItems(log: Locator): Promise<ShownItem[]> {
  return log.evaluate((element) =>
    [...element.children].map((child) => ({
      kind:
        child.getAttribute('data-role') ??
        child.getAttribute('data-kind') ??
        child.tagName.toLowerCase(),
      text: (
        child.querySelector('[data-part="content"]')?.textContent ??
        child.textContent ??
        ''
      ).trim(),
    })),
  );
}

/** Locators and waits for the demo's session page, by role and accessible name. */
export function sessionPage(page: Page) {
  const log = page.getByRole('log', { name: 'Conversation' });
  const progress = page.getByRole('group', { name: 'Session progress' });
  const input = page.getByRole('textbox', { name: 'Your answer' });
  return {
    log,
    progress,
    input,
    overlay: page.getByRole('dialog', { name: 'Session complete' }),
    recalledItems: progress.locator('li[data-state="recalled"]'),
    progressItems: progress.locator('li'),

    /** Every item of the conversation, in order: messages, images, resources, markers. */
    items: () => timelineItems(log),

    /** Every message in the conversation. */
    async messages(): Promise<ShownMessage[]> {
      return log.locator('[data-role]').evaluateAll((elements) =>
        elements.map((element) => ({
          role: element.getAttribute('data-role'),
          state: element.getAttribute('data-state'),
          content: element.querySelector('[data-part="content"]')?.textContent ?? '',
        })),
      );
    },

    /** Waits until the conversation holds `count` finished Agent replies and nothing streams. */
    async waitForAgentReplies(count: number): Promise<void> {
      await page.waitForFunction(
        (expected) => {
          const list = document.querySelector('[role="log"]');
          if (list === null || list.getAttribute('data-state') !== 'idle') return false;
          const done = list.querySelectorAll('[data-role="assistant"][data-state="complete"]');
          return done.length >= expected;
        },
        count,
        { timeout: 20_000 },
      );
    },

    /** Types `text` into the composer and sends it with Enter. */
    async send(text: string): Promise<void> {
      await input.fill(text);
      await input.press('Enter');
    },

    /** Waits until at least `count` progress items are filled. */
    async waitForRecalled(count: number): Promise<void> {
      await page.waitForFunction(
        (expected) =>
          document.querySelectorAll(
            '[role="group"][aria-label="Session progress"] li[data-state="recalled"]',
          ).length >= expected,
        count,
        { timeout: 20_000 },
      );
    },

    async agentReplyCount(): Promise<number> {
      return log.locator('[data-role="assistant"]').count();
    },
  };
}

/** Reads the computed background colour of an element. */
export function backgroundOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).backgroundColor);
}

/** What a rendered message shows of its notation: TeX sources, code, KaTeX's font, text. */
export async function readFormatted(message: Locator) {
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
