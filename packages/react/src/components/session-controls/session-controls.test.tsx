import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { createFixtureClient } from '../../testing/create-fixture-client';
import { SESSION_FIXTURES } from '../../testing/recorded-session';
import * as SessionControls from './parts';

test('only "Leave Session", which leaves; disabled once the session is complete', async () => {
  const user = userEvent.setup();
  const client = createFixtureClient({ messages: SESSION_FIXTURES.recalled });
  renderWithClient(<SessionControls.Root />, { client });
  const group = screen.getByRole('group', { name: 'Session controls' });
  expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
    'Leave Session',
  ]);
  expect(group.textContent).not.toMatch(/got it/i);
  await user.click(screen.getByRole('button', { name: 'Leave Session' }));
  expect(client.sent).toEqual([{ type: 'leave_session', clientMessageId: 'client-1' }]);
  act(() =>
    client.receive({
      type: 'session_complete',
      seq: 6,
      summary: {
        sessionId: 'session-photosynthesis-1',
        recalledCount: 1,
        totalPoints: 4,
        durationMs: 1000,
        rabbitholeCount: 0,
        recalledPointIds: ['point-light'],
      },
    }),
  );
  expect(
    (screen.getByRole('button', { name: 'Leave Session' }) as HTMLButtonElement).disabled,
  ).toBe(true);
});

test('the leave label and the group name can be replaced', () => {
  const client = createFixtureClient({ messages: SESSION_FIXTURES.idle });
  renderWithClient(
    <SessionControls.Root label="Sitzung">
      <SessionControls.Leave>Sitzung verlassen</SessionControls.Leave>
    </SessionControls.Root>,
    { client },
  );
  expect(screen.getByRole('group', { name: 'Sitzung' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Sitzung verlassen' })).toBeTruthy();
});
