import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { renderWithClient } from '../../../test/render';
import { openSession } from '../../../test/session';
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
