import { act, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { createFixtureClient } from '../../testing/create-fixture-client';
import { SESSION_FIXTURES } from '../../testing/recorded-session';
import * as ExchangeView from './parts';

const root = () => document.querySelector('[data-state]') as HTMLElement;

describe('ExchangeView', () => {
  test('shows only the current agent text and, while waiting, the learner text', () => {
    const client = createFixtureClient({ connection: 'connecting' });
    renderWithClient(<ExchangeView.Root data-testid="exchange" />, { client });
    const exchange = screen.getByTestId('exchange');
    expect(exchange.getAttribute('data-state')).toBe('showing_agent');
    expect(exchange.textContent).toBe('AgentStarting session…');

    act(() => client.receive(...SESSION_FIXTURES.idle));
    expect(exchange.textContent).toBe('AgentTo start: what do plants need to make their food?');

    act(() => {
      client.sendMessage('Sunlight and water');
    });
    expect(exchange.getAttribute('data-state')).toBe('awaiting_response');
    expect(exchange.textContent).toContain('To start: what do plants need');
    expect(exchange.textContent).toContain('YouSunlight and water');

    act(() =>
      client.receive({ type: 'assistant_chunk', responseId: 'response-2', index: 0, text: 'Yes' }),
    );
    expect(exchange.getAttribute('data-state')).toBe('agent_streaming');
    expect(exchange.textContent).toBe('AgentYes');
    expect(screen.getByText('Yes').getAttribute('data-state')).toBe('streaming');
    expect(screen.getByText('Yes').getAttribute('aria-live')).toBe('polite');

    act(() =>
      client.receive({
        type: 'assistant_complete',
        seq: 3,
        responseId: 'response-2',
        fullContent: 'Yes, and?',
        totalChunks: 1,
      }),
    );
    expect(exchange.getAttribute('data-state')).toBe('showing_agent');
    expect(screen.getByText('Yes, and?').getAttribute('data-state')).toBe('complete');
    // The full history stays in state; only the view is single-exchange.
    expect(client.getSnapshot().state.messages).toHaveLength(3);
  });

  test('an interrupted reply is marked, and labels can be replaced', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.error });
    renderWithClient(<ExchangeView.Root labels={{ agent: 'Tutorin', placeholder: '…' }} />, {
      client,
    });
    expect(root().getAttribute('data-state')).toBe('showing_agent');
    expect(screen.getByText('Tutorin')).toBeTruthy();
    expect(screen.getByText('Right. And which pigment captures').getAttribute('data-state')).toBe(
      'interrupted',
    );
  });
});
