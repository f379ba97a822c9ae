import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { commandsOf, openSession } from '../../../test/session';
import type { TestSession } from '../../testing/create-test-session';
import * as RabbitholeIndicator from '../rabbithole-indicator/parts';
import * as RabbitholePrompt from './parts';

const enter = (session: TestSession) =>
  act(() =>
    session.append('rabbithole_entered', {
      rabbitholeEventId: 'rabbithole-1',
      topic: 'Why leaves change colour in autumn',
      label: 'Autumn leaves',
    }),
  );

describe('RabbitholePrompt', () => {
  test('a paused or finished session shows no prompt (its Explore could do nothing)', async () => {
    const session = await openSession({ fixture: 'rabbitholePrompt' });
    renderWithClient(<RabbitholePrompt.Root />, { client: session.client });
    expect(screen.getByRole('button', { name: 'Explore' })).toBeTruthy();
    const counts = { sessionId: session.sessionId, recalledCount: 1, totalPoints: 4 };
    await act(() => session.append('session_paused', counts));
    expect(screen.queryByRole('group')).toBeNull();
    await act(() =>
      session.append('session_started', {
        ...counts,
        recallSetId: 'set-photosynthesis',
        recallSetName: 'Photosynthesis',
        resumed: true,
      }),
    );
    expect(screen.getByRole('button', { name: 'Explore' })).toBeTruthy();
    await act(() =>
      session.append('session_completed', {
        sessionId: session.sessionId,
        summary: {
          sessionId: session.sessionId,
          recalledCount: 1,
          totalPoints: 4,
          durationMs: 60_000,
          rabbitholeCount: 0,
          recalledPointIds: ['point-light'],
        },
      }),
    );
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Explore' })).toBeNull();
  });

  test('renders inline while a prompt is pending, without taking focus', async () => {
    const session = await openSession({ fixture: 'recalled' });
    renderWithClient(
      <>
        <input aria-label="elsewhere" />
        <RabbitholePrompt.Root />
      </>,
      { client: session.client },
    );
    expect(screen.queryByRole('group')).toBeNull();
    const elsewhere = screen.getByRole('textbox', { name: 'elsewhere' });
    elsewhere.focus();
    await act(() =>
      session.append('rabbithole_detected', {
        rabbitholeEventId: 'rabbithole-9',
        topic: 'Plant hormones',
        label: 'Hormones',
        triggerMessageContent: 'hormones?',
      }),
    );
    const group = screen.getByRole('group', { name: 'Want to explore “Plant hormones”?' });
    expect(group.getAttribute('data-state')).toBe('open');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(elsewhere);
  });

  test('Explore enters with the pending prompt; the prompt closes at once', async () => {
    const user = userEvent.setup();
    const session = await openSession({ fixture: 'rabbitholePrompt' });
    renderWithClient(<RabbitholePrompt.Root />, { client: session.client });
    await user.click(screen.getByRole('button', { name: 'Explore' }));
    expect(commandsOf(session)).toEqual([
      {
        type: 'enter_rabbithole',
        rabbitholeEventId: 'rabbithole-1',
        topic: 'Why leaves change colour in autumn',
      },
    ]);
    expect(screen.queryByRole('group')).toBeNull();
  });

  test('Stay on track declines, by keyboard too', async () => {
    const user = userEvent.setup();
    const session = await openSession({ fixture: 'rabbitholePrompt' });
    renderWithClient(
      <RabbitholePrompt.Root labels={{ decline: 'Weiter im Thema', explore: 'Erkunden' }} />,
      { client: session.client },
    );
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Erkunden');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(commandsOf(session)).toEqual([{ type: 'decline_rabbithole' }]);
  });
});

describe('RabbitholeIndicator', () => {
  test('"Exploring: {topic}" with "Return to session" while in a rabbit hole', async () => {
    const user = userEvent.setup();
    const session = await openSession({ fixture: 'rabbitholePrompt' });
    renderWithClient(<RabbitholeIndicator.Root />, { client: session.client });
    expect(screen.queryByRole('status')).toBeNull();
    await enter(session);
    const status = screen.getByRole('status');
    expect(status.getAttribute('data-state')).toBe('active');
    expect(status.textContent).toContain('Exploring: Why leaves change colour in autumn');
    await user.click(screen.getByRole('button', { name: 'Return to session' }));
    expect(commandsOf(session)).toEqual([{ type: 'exit_rabbithole' }]);
    // The engine leaves the rabbit hole in the log; the indicator follows.
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  test('asChild renders the host element with our props and handlers merged', async () => {
    const user = userEvent.setup();
    const session = await openSession({ fixture: 'inRabbithole' });
    const clicks: string[] = [];
    renderWithClient(
      <RabbitholeIndicator.Root labels={{ topic: (topic) => `Abstecher: ${topic}` }}>
        <RabbitholeIndicator.Topic />
        <RabbitholeIndicator.Return asChild onClick={() => clicks.push('part')}>
          <a href="/session" onClick={() => clicks.push('child')}>
            Zurück
          </a>
        </RabbitholeIndicator.Return>
      </RabbitholeIndicator.Root>,
      { client: session.client },
    );
    expect(screen.getByText('Abstecher: Why leaves change colour in autumn')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Zurück' });
    expect(link.getAttribute('type')).toBe('button');
    await user.click(link);
    expect(clicks).toEqual(['child', 'part']);
    expect(commandsOf(session).map((message) => message.type)).toEqual(['exit_rabbithole']);
  });
});
