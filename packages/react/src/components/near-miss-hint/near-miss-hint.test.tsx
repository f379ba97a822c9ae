import { redactSessionEvent } from '@recall/core';
import { createReplayClient } from '@recall/ws';
import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { openSession, replayClientOf } from '../../../test/session';
import * as NearMissHint from './parts';

test('shows the latest near miss until dismissed; a new one shows again', async () => {
  const user = userEvent.setup();
  const session = await openSession({ fixture: 'recalled' });
  renderWithClient(<NearMissHint.Root />, { client: session.client });
  expect(screen.queryByRole('status')).toBeNull();
  await act(() =>
    session.append('recall_point_near_miss', {
      pointId: 'point-chlorophyll',
      feedback: 'You have the colour; name the pigment.',
    }),
  );
  expect(screen.getByRole('status').textContent).toContain(
    'You have the colour; name the pigment.',
  );
  await user.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByRole('status')).toBeNull();
  await act(() =>
    session.append('recall_point_near_miss', {
      pointId: 'point-oxygen',
      feedback: 'Which gas, exactly?',
    }),
  );
  expect(screen.getByRole('status').textContent).toContain('Which gas, exactly?');
});

test('hides once the nearly recalled point is recalled', async () => {
  const session = await openSession({ fixture: 'nearMiss' });
  renderWithClient(<NearMissHint.Root labels={{ hint: (miss) => `Fast: ${miss.feedback}` }} />, {
    client: session.client,
  });
  expect(screen.getByRole('status').textContent).toContain('Fast: You have the colour');
  await act(() =>
    session.append('recall_point_recalled', {
      pointId: 'point-chlorophyll',
      pointIndex: 1,
      recalledCount: 2,
      totalPoints: 4,
    }),
  );
  expect(screen.queryByRole('status')).toBeNull();
});

test("lasts until the learner's next message, and a reload folds the same", async () => {
  const session = await openSession({ fixture: 'nearMiss' });
  const view = renderWithClient(<NearMissHint.Root />, { client: session.client });
  expect(screen.getByRole('status').textContent).toContain('You have the colour');
  // A tutor reply in between keeps it: only the learner's next message ends it.
  await act(() => session.append('assistant_message', { content: 'Go on.', agent: 'tutor' }));
  expect(screen.getByRole('status')).toBeTruthy();
  await act(() => session.append('user_message', { content: 'Chlorophyll.' }));
  expect(screen.queryByRole('status')).toBeNull();
  view.unmount();
  const stored = await session.storage.read(session.sessionId);
  const reloadedAfter = createReplayClient({ events: stored.map(redactSessionEvent) });
  const after = renderWithClient(<NearMissHint.Root />, { client: reloadedAfter });
  expect(screen.queryByRole('status')).toBeNull();
  after.unmount();
  renderWithClient(<NearMissHint.Root />, { client: replayClientOf('nearMiss') });
  expect(screen.getByRole('status').textContent).toContain('You have the colour');
});

test('entering a rabbit hole ends it', async () => {
  const session = await openSession({ fixture: 'nearMiss' });
  renderWithClient(<NearMissHint.Root />, { client: session.client });
  expect(screen.getByRole('status')).toBeTruthy();
  await act(() =>
    session.append('rabbithole_entered', {
      rabbitholeEventId: 'rh-x',
      topic: 'Leaf colours',
      label: 'Leaf colours',
    }),
  );
  expect(screen.queryByRole('status')).toBeNull();
});
