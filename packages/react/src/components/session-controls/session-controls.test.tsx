import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { commandsOf, openSession } from '../../../test/session';
import * as SessionControls from './parts';

test('only "Leave Session", which leaves; disabled once the session is complete', async () => {
  const user = userEvent.setup();
  const session = await openSession({ fixture: 'overlay' });
  renderWithClient(<SessionControls.Root />, { client: session.client });
  const group = screen.getByRole('group', { name: 'Session controls' });
  expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
    'Leave Session',
  ]);
  expect(group.textContent).not.toMatch(/got it/i);
  await user.click(screen.getByRole('button', { name: 'Leave Session' }));
  expect(commandsOf(session)).toEqual([{ type: 'leave_session' }]);
  // Every point is recalled: the engine completes the session, and the button follows the log.
  await waitFor(() =>
    expect(
      (screen.getByRole('button', { name: 'Leave Session' }) as HTMLButtonElement).disabled,
    ).toBe(true),
  );
  expect(session.client.getSnapshot().session.summary).toMatchObject({ recalledCount: 4 });
});

test('the leave label and the group name can be replaced', async () => {
  const session = await openSession({ fixture: 'idle' });
  renderWithClient(
    <SessionControls.Root label="Sitzung">
      <SessionControls.Leave>Sitzung verlassen</SessionControls.Leave>
    </SessionControls.Root>,
    { client: session.client },
  );
  expect(screen.getByRole('group', { name: 'Sitzung' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Sitzung verlassen' })).toBeTruthy();
});
