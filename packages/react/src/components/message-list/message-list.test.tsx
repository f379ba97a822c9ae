import type { ChatMessage, ServerMessage } from '@recall/ws';
import { act, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { createFixtureClient } from '../../testing/create-fixture-client';
import { SESSION_FIXTURES } from '../../testing/recorded-session';
import * as MessageList from './parts';

const chunk = (index: number): ServerMessage => ({
  type: 'assistant_chunk',
  responseId: 'response-live',
  index,
  text: `w${index} `,
});

afterEach(() => vi.useRealTimers());

describe('MessageList', () => {
  test('a polite log of the conversation, authored "You" and "Agent"', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.recalled });
    renderWithClient(<MessageList.Root />, { client });
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    const rows = Array.from(log.children);
    expect(rows.map((row) => row.getAttribute('data-role'))).toEqual([
      'assistant',
      'user',
      'assistant',
    ]);
    expect(rows.map((row) => row.querySelector('[data-part="author"]')?.textContent)).toEqual([
      'Agent',
      'You',
      'Agent',
    ]);
    expect(log.textContent).not.toMatch(/AI Tutor/);
  });

  test('the streaming message is data-state="streaming" until it completes', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.streaming });
    renderWithClient(<MessageList.Root />, { client });
    const log = screen.getByRole('log');
    expect(log.getAttribute('data-state')).toBe('streaming');
    const last = () => log.lastElementChild as HTMLElement;
    expect(last().getAttribute('data-state')).toBe('streaming');
    expect(last().textContent).toContain('Right. And which pigment captures ');
    act(() =>
      client.receive(...SESSION_FIXTURES.recalled.slice(SESSION_FIXTURES.streaming.length)),
    );
    expect(last().getAttribute('data-state')).toBe('complete');
    expect(log.getAttribute('data-state')).toBe('idle');
  });

  test('pending and failed learner messages say so, with the server error', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.idle });
    renderWithClient(<MessageList.Root />, { client });
    act(() => {
      client.sendMessage('First');
    });
    expect(screen.getByText('Sending…')).toBeTruthy();
    act(() =>
      client.receive({
        type: 'error',
        code: 'RATE_LIMITED',
        message: 'Too many messages; wait a moment.',
        clientMessageId: 'client-1',
      }),
    );
    const last = screen.getByRole('log').lastElementChild as HTMLElement;
    expect(last.getAttribute('data-state')).toBe('failed');
    expect(last.textContent).toContain('Not sent: Too many messages; wait a moment.');
  });

  test('renders at most once per throttle window while 1,000 chunks stream', async () => {
    vi.useFakeTimers();
    const client = createFixtureClient({ messages: SESSION_FIXTURES.recalled });
    let commits = 0;
    renderWithClient(
      <Profiler id="list" onRender={() => (commits += 1)}>
        <MessageList.Root />
      </Profiler>,
      { client, throttleMs: 16 },
    );
    const initial = commits;
    // One chunk per millisecond for a second: far faster than frames.
    for (let index = 0; index < 1000; index += 1) {
      act(() => client.receive(chunk(index)));
      await act(() => vi.advanceTimersByTimeAsync(1));
    }
    await act(() => vi.advanceTimersByTimeAsync(16));
    const renders = commits - initial;
    expect(renders).toBeGreaterThan(0);
    expect(renders).toBeLessThanOrEqual(Math.ceil(1000 / 16) + 1);
    const last = screen.getByRole('log').lastElementChild as HTMLElement;
    expect(last.textContent).toContain('w999 ');
  });

  test('settled messages do not re-render while another one streams', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.recalled });
    const author = vi.fn((message: ChatMessage) => (message.role === 'user' ? 'You' : 'Agent'));
    const labels = { author };
    renderWithClient(<MessageList.Root labels={labels} />, { client });
    expect(author).toHaveBeenCalledTimes(3);
    author.mockClear();
    for (let index = 0; index < 20; index += 1) act(() => client.receive(chunk(index)));
    const rendered = new Set(author.mock.calls.map(([message]) => message.id));
    expect([...rendered]).toEqual(['response-live']);
  });

  test('a render function replaces the default rows', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.recalled });
    renderWithClient(
      <MessageList.Root labels={{ root: 'Verlauf' }}>
        {(message) => (
          <MessageList.Message key={message.id} message={message} className="row">
            {message.role === 'user' ? 'Ich' : 'Agent'}: {message.content}
          </MessageList.Message>
        )}
      </MessageList.Root>,
      { client },
    );
    const log = screen.getByRole('log', { name: 'Verlauf' });
    expect(log.children[1]?.textContent).toBe('Ich: Sunlight, water and CO2.');
    expect(log.children[1]?.className).toBe('row');
  });

  describe('renderContent', () => {
    const emphasised = (message: ChatMessage) => (
      <div data-part="content" data-rendered="list">
        <em>{message.content}</em>
      </div>
    );

    test("the list's renderContent replaces each message's text; author and status stay", () => {
      const client = createFixtureClient({ messages: SESSION_FIXTURES.recalled });
      renderWithClient(<MessageList.Root renderContent={emphasised} />, { client });
      act(() => {
        client.sendMessage('Is it $x^2$?');
      });
      const rows = Array.from(screen.getByRole('log').children);
      expect(rows).toHaveLength(4);
      for (const row of rows) {
        expect(row.querySelector('p[data-part="content"]')).toBeNull();
        expect(row.querySelector('[data-rendered="list"] > em')).not.toBeNull();
      }
      expect(rows[1]?.querySelector('em')?.textContent).toBe('Sunlight, water and CO2.');
      expect(rows[1]?.querySelector('[data-part="author"]')?.textContent).toBe('You');
      expect(rows[3]?.querySelector('em')?.textContent).toBe('Is it $x^2$?');
      expect(rows[3]?.querySelector('[data-part="status"]')?.textContent).toBe('Sending…');
    });

    test("a message's own renderContent wins over the list's; children win over both", () => {
      const client = createFixtureClient({ messages: SESSION_FIXTURES.recalled });
      const own = (message: ChatMessage) => <code data-part="content">{message.content}</code>;
      renderWithClient(
        <MessageList.Root renderContent={emphasised}>
          {(message, index) =>
            index === 2 ? (
              <MessageList.Message key={message.id} message={message} renderContent={own}>
                replaced
              </MessageList.Message>
            ) : (
              <MessageList.Message
                key={message.id}
                message={message}
                {...(index === 1 ? { renderContent: own } : {})}
              />
            )
          }
        </MessageList.Root>,
        { client },
      );
      const rows = Array.from(screen.getByRole('log').children);
      expect(rows[0]?.querySelector('[data-part="content"]')?.tagName).toBe('DIV');
      expect(rows[1]?.querySelector('[data-part="content"]')?.tagName).toBe('CODE');
      expect(rows[1]?.querySelector('[data-part="content"]')?.textContent).toBe(
        'Sunlight, water and CO2.',
      );
      expect(rows[2]?.textContent).toBe('replaced');
    });

    test('without renderContent the text is the plain <p data-part="content"> as before', () => {
      const client = createFixtureClient({ messages: SESSION_FIXTURES.recalled });
      renderWithClient(<MessageList.Root />, { client });
      const contents = screen.getByRole('log').querySelectorAll('[data-part="content"]');
      expect([...contents].map((element) => element.tagName)).toEqual(['P', 'P', 'P']);
      expect(contents[1]?.innerHTML).toBe('Sunlight, water and CO2.');
    });

    test('a stable renderContent runs only for the streaming message while it streams', () => {
      const client = createFixtureClient({ messages: SESSION_FIXTURES.recalled });
      const renderContent = vi.fn((message: ChatMessage) => (
        <p data-part="content">{message.content}</p>
      ));
      renderWithClient(<MessageList.Root renderContent={renderContent} />, { client });
      expect(renderContent).toHaveBeenCalledTimes(3);
      renderContent.mockClear();
      for (let index = 0; index < 20; index += 1) act(() => client.receive(chunk(index)));
      const rendered = new Set(renderContent.mock.calls.map(([message]) => message.id));
      expect([...rendered]).toEqual(['response-live']);
    });
  });
});
