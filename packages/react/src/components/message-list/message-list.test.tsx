import type { ChatMessage } from '@recall/ws';
import { act, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { chunk as feedChunk, openSession } from '../../../test/session';
import type { TestSession } from '../../testing/create-test-session';
import { renderWithClient } from '../../../test/render';
import * as MessageList from './parts';

const chunk = (index: number) => feedChunk('response-live', index, `w${index} `);

/** A reply starts streaming (its `assistant_streaming_start` is stored). */
const startReply = (session: TestSession) =>
  act(() =>
    session.append(
      'assistant_streaming_start',
      { responseId: 'response-live', agent: 'tutor' },
      { responseId: 'response-live' },
    ),
  );

afterEach(() => vi.useRealTimers());

describe('MessageList', () => {
  test('a log of the conversation (not live: no chunk is read out), authored "You" and "Agent"', async () => {
    const session = await openSession({ fixture: 'recalled' });
    renderWithClient(<MessageList.Root />, { client: session.client });
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(log.getAttribute('aria-live')).toBe('off');
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

  test('the streaming message is data-state="streaming" until it completes', async () => {
    const session = await openSession({ fixture: 'streaming' });
    renderWithClient(<MessageList.Root />, { client: session.client });
    const log = screen.getByRole('log');
    expect(log.getAttribute('data-state')).toBe('streaming');
    const last = () => log.lastElementChild as HTMLElement;
    expect(last().getAttribute('data-state')).toBe('streaming');
    expect(last().textContent).toContain('Right. And which pigment captures ');
    await act(() =>
      session.append(
        'assistant_streaming_end',
        {
          responseId: 'response-2',
          fullContent: 'Right. And which pigment captures that light?',
          totalChunks: 3,
        },
        { responseId: 'response-2' },
      ),
    );
    expect(last().getAttribute('data-state')).toBe('complete');
    expect(log.getAttribute('data-state')).toBe('idle');
  });

  test('pending and failed learner messages say so, with the server error', async () => {
    const session = await openSession({ fixture: 'paused' });
    renderWithClient(<MessageList.Root />, { client: session.client });
    act(() => {
      session.client.sendMessage('First');
    });
    expect(screen.getByText('Sending…')).toBeTruthy();
    // The engine refuses a message to a paused session: the line fails, with the reason.
    await waitFor(() =>
      expect(
        (screen.getByRole('log').lastElementChild as HTMLElement).getAttribute('data-state'),
      ).toBe('failed'),
    );
    const last = screen.getByRole('log').lastElementChild as HTMLElement;
    expect(last.textContent).toMatch(/Not sent: .*paused/);
  });

  test('renders at most once per throttle window while 1,000 chunks stream', async () => {
    const session = await openSession({ fixture: 'recalled' });
    await startReply(session);
    vi.useFakeTimers();
    let commits = 0;
    renderWithClient(
      <Profiler id="list" onRender={() => (commits += 1)}>
        <MessageList.Root />
      </Profiler>,
      { client: session.client, throttleMs: 16 },
    );
    const initial = commits;
    // One chunk per millisecond for a second: far faster than frames.
    for (let index = 0; index < 1000; index += 1) {
      act(() => session.emit(chunk(index)));
      await act(() => vi.advanceTimersByTimeAsync(1));
    }
    await act(() => vi.advanceTimersByTimeAsync(16));
    const renders = commits - initial;
    expect(renders).toBeGreaterThan(0);
    expect(renders).toBeLessThanOrEqual(Math.ceil(1000 / 16) + 1);
    const last = screen.getByRole('log').lastElementChild as HTMLElement;
    expect(last.textContent).toContain('w999 ');
  });

  test('settled messages do not re-render while another one streams', async () => {
    const session = await openSession({ fixture: 'recalled' });
    const author = vi.fn((message: ChatMessage) => (message.role === 'user' ? 'You' : 'Agent'));
    const labels = { author };
    renderWithClient(<MessageList.Root labels={labels} />, { client: session.client });
    await startReply(session);
    author.mockClear();
    for (let index = 0; index < 20; index += 1) act(() => session.emit(chunk(index)));
    const rendered = new Set(author.mock.calls.map(([message]) => message.id));
    expect([...rendered]).toEqual(['response-live']);
  });

  test('a render function replaces the default rows', async () => {
    const session = await openSession({ fixture: 'recalled' });
    renderWithClient(
      <MessageList.Root labels={{ root: 'Verlauf' }}>
        {(item) =>
          item.kind === 'message' ? (
            <MessageList.Message key={item.id} message={item} className="row">
              {item.role === 'user' ? 'Ich' : 'Agent'}: {item.content}
            </MessageList.Message>
          ) : null
        }
      </MessageList.Root>,
      { client: session.client },
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

    test("the list's renderContent replaces each message's text; author and status stay", async () => {
      const session = await openSession({ fixture: 'recalled' });
      renderWithClient(<MessageList.Root renderContent={emphasised} />, { client: session.client });
      act(() => {
        session.client.sendMessage('Is it $x^2$?');
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

    test("a message's own renderContent wins over the list's; children win over both", async () => {
      const session = await openSession({ fixture: 'recalled' });
      const own = (message: ChatMessage) => <code data-part="content">{message.content}</code>;
      renderWithClient(
        <MessageList.Root renderContent={emphasised}>
          {(item, index) =>
            item.kind !== 'message' ? null : index === 2 ? (
              <MessageList.Message key={item.id} message={item} renderContent={own}>
                replaced
              </MessageList.Message>
            ) : (
              <MessageList.Message
                key={item.id}
                message={item}
                {...(index === 1 ? { renderContent: own } : {})}
              />
            )
          }
        </MessageList.Root>,
        { client: session.client },
      );
      const rows = Array.from(screen.getByRole('log').children);
      expect(rows[0]?.querySelector('[data-part="content"]')?.tagName).toBe('DIV');
      expect(rows[1]?.querySelector('[data-part="content"]')?.tagName).toBe('CODE');
      expect(rows[1]?.querySelector('[data-part="content"]')?.textContent).toBe(
        'Sunlight, water and CO2.',
      );
      expect(rows[2]?.textContent).toBe('replaced');
    });

    test('without renderContent the text is the plain <p data-part="content"> as before', async () => {
      const session = await openSession({ fixture: 'recalled' });
      renderWithClient(<MessageList.Root />, { client: session.client });
      const contents = screen.getByRole('log').querySelectorAll('[data-part="content"]');
      expect([...contents].map((element) => element.tagName)).toEqual(['P', 'P', 'P']);
      expect(contents[1]?.innerHTML).toBe('Sunlight, water and CO2.');
    });

    test('a stable renderContent runs only for the streaming message while it streams', async () => {
      const session = await openSession({ fixture: 'recalled' });
      const renderContent = vi.fn((message: ChatMessage) => (
        <p data-part="content">{message.content}</p>
      ));
      renderWithClient(<MessageList.Root renderContent={renderContent} />, {
        client: session.client,
      });
      expect(renderContent).toHaveBeenCalledTimes(3);
      await startReply(session);
      renderContent.mockClear();
      for (let index = 0; index < 20; index += 1) act(() => session.emit(chunk(index)));
      const rendered = new Set(renderContent.mock.calls.map(([message]) => message.id));
      expect([...rendered]).toEqual(['response-live']);
    });
  });

  describe('the timeline', () => {
    test('images, resources, rabbit-hole markers and hints sit where the log put them', async () => {
      const session = await openSession({ fixture: 'returned' });
      renderWithClient(<MessageList.Root />, { client: session.client });
      const rows = Array.from(screen.getByRole('log').children);
      const kinds = rows.map(
        (row) => row.getAttribute('data-role') ?? row.getAttribute('data-kind') ?? row.tagName,
      );
      expect(kinds).toEqual([
        'assistant',
        'user',
        'assistant',
        'user',
        'near_miss',
        'assistant',
        'user',
        'assistant',
        'rabbithole_entered',
        'assistant',
        'user',
        'assistant',
        'FIGURE',
        'ARTICLE',
        'rabbithole_exited',
        'assistant',
      ]);
      expect(screen.getAllByRole('separator').map((marker) => marker.textContent)).toEqual([
        'Exploring: Autumn leaves',
        'Back from: Autumn leaves',
      ]);
      expect(screen.getByRole('img', { name: /A leaf/ })).toBeTruthy();
    });

    test('slots replace how images, resources, markers and hints render', async () => {
      const session = await openSession({ fixture: 'returned' });
      renderWithClient(
        <MessageList.Root
          renderImage={(image) => <p data-slot="image">{image.resourceId}</p>}
          renderResource={(resource) => <p data-slot="resource">{resource.title}</p>}
          renderMarker={() => null}
          renderHint={(hint) => <p data-slot="hint">{hint.pointId}</p>}
        />,
        { client: session.client },
      );
      const log = screen.getByRole('log');
      expect([...log.querySelectorAll('[data-slot]')].map((node) => node.textContent)).toEqual([
        'point-chlorophyll',
        'image-leaf',
        'The photosynthesis equation',
      ]);
      expect(screen.queryAllByRole('separator')).toEqual([]);
    });
  });
});
