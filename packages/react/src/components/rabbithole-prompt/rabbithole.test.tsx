import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { createFixtureClient } from '../../testing/create-fixture-client';
import { SESSION_FIXTURES } from '../../testing/recorded-session';
import * as RabbitholeIndicator from '../rabbithole-indicator/parts';
import * as RabbitholePrompt from './parts';

const ENTERED = {
  type: 'rabbithole_entered',
  seq: 12,
  rabbitholeEventId: 'rabbithole-1',
  topic: 'Why leaves change colour in autumn',
  label: 'Autumn leaves',
} as const;

describe('RabbitholePrompt', () => {
  test('renders inline while a prompt is pending, without taking focus', () => {
    const client = createFixtureClient({ messages: SESSION_FIXTURES.recalled });
    renderWithClient(
      <>
        <input aria-label="elsewhere" />
        <RabbitholePrompt.Root />
      </>,
      { client },
    );
    expect(screen.queryByRole('group')).toBeNull();
    const elsewhere = screen.getByRole('textbox', { name: 'elsewhere' });
    elsewhere.focus();
    act(() =>
      client.receive({
        type: 'rabbithole_detected',
        seq: 6,
        rabbitholeEventId: 'rabbithole-9',
        topic: 'Plant hormones',
        label: 'Hormones',
      }),
    );
    const group = screen.getByRole('group', { name: 'Want to explore “Plant hormones”?' });
    expect(group.getAttribute('data-state')).toBe('open');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(elsewhere);
  });

  test('Explore enters with the pending prompt; the prompt closes at once', async () => {
    const user = userEvent.setup();
    const client = createFixtureClient({ messages: SESSION_FIXTURES.rabbitholePrompt });
    renderWithClient(<RabbitholePrompt.Root />, { client });
    await user.click(screen.getByRole('button', { name: 'Explore' }));
    expect(client.sent).toEqual([
      {
        type: 'enter_rabbithole',
        rabbitholeEventId: 'rabbithole-1',
        topic: 'Why leaves change colour in autumn',
        clientMessageId: 'client-1',
      },
    ]);
    expect(screen.queryByRole('group')).toBeNull();
  });

  test('Stay on track declines, by keyboard too', async () => {
    const user = userEvent.setup();
    const client = createFixtureClient({ messages: SESSION_FIXTURES.rabbitholePrompt });
    renderWithClient(
      <RabbitholePrompt.Root labels={{ decline: 'Weiter im Thema', explore: 'Erkunden' }} />,
      { client },
    );
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Erkunden');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(client.sent).toEqual([{ type: 'decline_rabbithole', clientMessageId: 'client-1' }]);
  });
});

describe('RabbitholeIndicator', () => {
  test('"Exploring: {topic}" with "Return to session" while in a rabbit hole', async () => {
    const user = userEvent.setup();
    const client = createFixtureClient({ messages: SESSION_FIXTURES.rabbitholePrompt });
    renderWithClient(<RabbitholeIndicator.Root />, { client });
    expect(screen.queryByRole('status')).toBeNull();
    act(() => client.receive(ENTERED));
    const status = screen.getByRole('status');
    expect(status.getAttribute('data-state')).toBe('active');
    expect(status.textContent).toContain('Exploring: Why leaves change colour in autumn');
    await user.click(screen.getByRole('button', { name: 'Return to session' }));
    expect(client.sent).toEqual([{ type: 'exit_rabbithole', clientMessageId: 'client-1' }]);
    act(() =>
      client.receive({
        type: 'rabbithole_exited',
        seq: 13,
        rabbitholeEventId: 'rabbithole-1',
        label: 'Autumn leaves',
        pointsRecalledDuring: 0,
        completionPending: false,
      }),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('asChild renders the host element with our props and handlers merged', async () => {
    const user = userEvent.setup();
    const client = createFixtureClient({
      messages: [...SESSION_FIXTURES.rabbitholePrompt, ENTERED],
    });
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
      { client },
    );
    expect(screen.getByText('Abstecher: Why leaves change colour in autumn')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Zurück' });
    expect(link.getAttribute('type')).toBe('button');
    await user.click(link);
    expect(clicks).toEqual(['child', 'part']);
    expect(client.sent.map((message) => message.type)).toEqual(['exit_rabbithole']);
  });
});
