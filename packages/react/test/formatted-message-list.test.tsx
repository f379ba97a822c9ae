import type { ChatMessage } from '@recall/ws';
import { act, screen } from '@testing-library/react';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { MessageList } from '../src';
import { FormattedText, preloadKatex } from '../src/voice/formatted-text';
import { chunk, openSession } from './session';
import { renderWithClient } from './render';

// happy-dom has no `compatMode`; a real page with a doctype reports standards mode, and
// KaTeX warns about quirks mode on import otherwise.
vi.hoisted(() => {
  if (document.compatMode === undefined) {
    Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true });
  }
});

beforeAll(() => preloadKatex());

// The two entries together, as an app wires them: the headless list from `@recall/react`,
// the KaTeX renderer from `@recall/react/voice/formatted-text`.
const renderContent = (message: ChatMessage) => (
  <FormattedText data-part="content" text={message.content} />
);

describe('MessageList with FormattedText', () => {
  test("a learner's $x^2$ and backtick code render formatted; plain messages stay plain", async () => {
    const session = await openSession({ fixture: 'recalled' });
    renderWithClient(<MessageList.Root renderContent={renderContent} />, {
      client: session.client,
    });
    act(() => {
      session.client.sendMessage('It grows like $x^2$, see `area(x)`.');
    });
    const rows = Array.from(screen.getByRole('log', { name: 'Conversation' }).children);
    const sent = rows.at(-1);
    const content = sent?.querySelector('[data-part="content"]');
    expect(content?.querySelector('.katex annotation')?.textContent).toBe('x^2');
    expect(content?.querySelector('code[data-code="inline"]')?.textContent).toBe('area(x)');
    expect(sent?.querySelector('[data-part="author"]')?.textContent).toBe('You');
    expect(sent?.querySelector('[data-part="status"]')?.textContent).toBe('Sending…');
    // A message without notation is its text as before, now in FormattedText's <div>.
    expect(rows[1]?.querySelector('[data-part="content"]')?.outerHTML).toBe(
      '<div data-formatted-text="" data-part="content">Sunlight, water and CO2.</div>',
    );
  });

  test('maths arriving in a streamed reply is rendered once its closing $ arrives', async () => {
    const session = await openSession({ fixture: 'recalled' });
    renderWithClient(<MessageList.Root renderContent={renderContent} />, {
      client: session.client,
    });
    const streamed = () => screen.getByRole('log').lastElementChild;
    await act(() =>
      session.append(
        'assistant_streaming_start',
        { responseId: 'r', agent: 'tutor' },
        { responseId: 'r' },
      ),
    );
    act(() => session.emit(chunk('r', 0, 'So $E = m')));
    expect(streamed()?.getAttribute('data-state')).toBe('streaming');
    expect(streamed()?.querySelector('.katex')).toBeNull();
    act(() => session.emit(chunk('r', 1, 'c^2$ holds.')));
    expect(streamed()?.querySelector('.katex annotation')?.textContent).toBe('E = mc^2');
  });
});
