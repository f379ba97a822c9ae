import { act, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { chunk, openSession } from '../../../test/session';
import * as SessionAnnouncer from './parts';

const announcer = () => screen.getByRole('status');

describe('SessionAnnouncer', () => {
  test('a polite, atomic, visually hidden status that says nothing about the loaded history', async () => {
    const session = await openSession({ fixture: 'returned' });
    renderWithClient(<SessionAnnouncer.Root />, { client: session.client });
    expect(announcer().getAttribute('aria-live')).toBe('polite');
    expect(announcer().getAttribute('aria-atomic')).toBe('true');
    expect(announcer().style.position).toBe('absolute');
    expect(announcer().textContent).toBe('');
  });

  test('a live recall is announced with the count', async () => {
    const session = await openSession({ fixture: 'idle' });
    renderWithClient(<SessionAnnouncer.Root />, { client: session.client });
    await act(() =>
      session.append('recall_point_recalled', {
        pointId: 'point-light',
        pointIndex: 0,
        recalledCount: 1,
        totalPoints: 4,
      }),
    );
    expect(announcer().textContent).toBe('Point recalled: 1 of 4.');
  });

  test('a streamed reply is announced once, complete, not chunk by chunk', async () => {
    const session = await openSession({ fixture: 'recalled' });
    const { container } = renderWithClient(<SessionAnnouncer.Root />, { client: session.client });
    const heard: string[] = [];
    const observer = new MutationObserver(() => heard.push(announcer().textContent ?? ''));
    observer.observe(container, { subtree: true, childList: true, characterData: true });
    await act(() =>
      session.append(
        'assistant_streaming_start',
        { responseId: 'live-1', agent: 'tutor' },
        { responseId: 'live-1' },
      ),
    );
    await act(async () => {
      session.emit(chunk('live-1', 0, 'Which gas '));
      session.emit(chunk('live-1', 1, 'do plants release?'));
    });
    expect(announcer().textContent).toBe('');
    await act(async () => {
      await session.append(
        'assistant_streaming_end',
        { responseId: 'live-1', fullContent: 'Which gas do plants release?', totalChunks: 2 },
        { responseId: 'live-1' },
      );
      await session.append(
        'assistant_message',
        { content: 'Which gas do plants release?', agent: 'tutor' },
        { responseId: 'live-1' },
      );
    });
    await vi.waitFor(() =>
      expect(announcer().textContent).toBe('Agent: Which gas do plants release?'),
    );
    observer.disconnect();
    expect(heard.filter((text) => text !== '')).toEqual(['Agent: Which gas do plants release?']);
  });

  test('labels can be replaced', async () => {
    const session = await openSession({ fixture: 'idle' });
    renderWithClient(
      <SessionAnnouncer.Root labels={{ recalled: (count, total) => `${count}/${total} ✓` }} />,
      { client: session.client },
    );
    await act(() =>
      session.append('recall_point_recalled', {
        pointId: 'point-light',
        pointIndex: 0,
        recalledCount: 1,
        totalPoints: 4,
      }),
    );
    expect(announcer().textContent).toBe('1/4 ✓');
  });
});
