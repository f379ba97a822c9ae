import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { createFixtureClient } from '../../testing/create-fixture-client';
import { SESSION_FIXTURES } from '../../testing/recorded-session';
import * as NearMissHint from './parts';

test('shows the latest near miss until dismissed; a new one shows again', async () => {
  const user = userEvent.setup();
  const client = createFixtureClient({ messages: SESSION_FIXTURES.recalled });
  renderWithClient(<NearMissHint.Root />, { client });
  expect(screen.queryByRole('status')).toBeNull();
  act(() => client.receive(...SESSION_FIXTURES.nearMiss.slice(SESSION_FIXTURES.recalled.length)));
  expect(screen.getByRole('status').textContent).toContain(
    'You have the colour; name the pigment.',
  );
  await user.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByRole('status')).toBeNull();
  act(() =>
    client.receive({
      type: 'recall_point_near_miss',
      seq: 9,
      pointId: 'point-oxygen',
      feedback: 'Which gas, exactly?',
    }),
  );
  expect(screen.getByRole('status').textContent).toContain('Which gas, exactly?');
});

test('hides once the nearly recalled point is recalled', () => {
  const client = createFixtureClient({ messages: SESSION_FIXTURES.nearMiss });
  renderWithClient(<NearMissHint.Root labels={{ hint: (miss) => `Fast: ${miss.feedback}` }} />, {
    client,
  });
  expect(screen.getByRole('status').textContent).toContain('Fast: You have the colour');
  act(() =>
    client.receive({
      type: 'recall_point_recalled',
      seq: 9,
      pointId: 'point-chlorophyll',
      pointIndex: 1,
      recalledCount: 2,
      totalPoints: 4,
    }),
  );
  expect(screen.queryByRole('status')).toBeNull();
});
