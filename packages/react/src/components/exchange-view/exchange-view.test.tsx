import { act, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { chunk, openSession } from '../../../test/session';
import * as ExchangeView from './parts';

const root = () => document.querySelector('[data-state]') as HTMLElement;

describe('ExchangeView', () => {
  test('shows only the current agent text and, while waiting, the learner text', async () => {
    const connecting = await openSession({ fixture: 'connecting', connection: 'connecting' });
    const { unmount } = renderWithClient(<ExchangeView.Root data-testid="exchange" />, {
      client: connecting.client,
    });
    expect(screen.getByTestId('exchange').getAttribute('data-state')).toBe('showing_agent');
    expect(screen.getByTestId('exchange').textContent).toBe('AgentStarting session…');
    unmount();

    const session = await openSession({ fixture: 'idle' });
    renderWithClient(<ExchangeView.Root data-testid="exchange" />, { client: session.client });
    const exchange = screen.getByTestId('exchange');
    expect(exchange.textContent).toBe('AgentTo start: what do plants need to make their food?');

    await act(() =>
      session.append('user_message', { content: 'Sunlight and water', clientMessageId: 'c-9' }),
    );
    expect(exchange.getAttribute('data-state')).toBe('awaiting_response');
    expect(exchange.textContent).toContain('To start: what do plants need');
    expect(exchange.textContent).toContain('YouSunlight and water');

    await act(() =>
      session.append(
        'assistant_streaming_start',
        { responseId: 'response-2', agent: 'tutor' },
        { responseId: 'response-2' },
      ),
    );
    act(() => session.emit(chunk('response-2', 0, 'Yes')));
    expect(exchange.getAttribute('data-state')).toBe('agent_streaming');
    expect(exchange.textContent).toBe('AgentYes');
    expect(screen.getByText('Yes').getAttribute('data-state')).toBe('streaming');
    expect(screen.getByText('Yes').getAttribute('aria-live')).toBe('polite');

    await act(() =>
      session.append(
        'assistant_streaming_end',
        { responseId: 'response-2', fullContent: 'Yes, and?', totalChunks: 1 },
        { responseId: 'response-2' },
      ),
    );
    expect(exchange.getAttribute('data-state')).toBe('showing_agent');
    expect(screen.getByText('Yes, and?').getAttribute('data-state')).toBe('complete');
    // The full history stays in the timeline; only the view is single-exchange.
    expect(session.client.getSnapshot().timeline).toHaveLength(3);
  });

  test('an interrupted reply is marked, and labels can be replaced', async () => {
    const session = await openSession({ fixture: 'error' });
    renderWithClient(<ExchangeView.Root labels={{ agent: 'Tutorin', placeholder: '…' }} />, {
      client: session.client,
    });
    expect(root().getAttribute('data-state')).toBe('showing_agent');
    expect(screen.getByText('Tutorin')).toBeTruthy();
    expect(screen.getByText('Right. And which pigment captures').getAttribute('data-state')).toBe(
      'interrupted',
    );
  });
});
