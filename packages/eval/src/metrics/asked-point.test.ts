import type { SessionEventOf } from '@recall/core';
import { describe, expect, test } from 'vitest';
import { PLANTED_POINTS } from '../../test/planted';
import { askedPointOf, guessAskedPoint } from './asked-point';

const none = new Set<string>();
const p1Recalled = new Set(['p1']);
const reply = (content: string, extra: Record<string, unknown> = {}) =>
  ({
    type: 'assistant_message',
    data: { content, agent: 'tutor', ...extra },
  }) as unknown as SessionEventOf<'assistant_message'>;

describe('which point a reply asked about', () => {
  test('the stored askedPointId wins over any guess', () => {
    expect(
      askedPointOf(reply('Where does magma go?', { askedPointId: 'p3' }), {
        points: PLANTED_POINTS,
        recalledBefore: none,
      }),
    ).toBe('p3');
  });

  test('rabbit-hole replies and replies without a question ask nothing', () => {
    const rabbithole = {
      ...reply('Where does magma go?'),
      data: { content: 'Where does magma go?', agent: 'rabbithole' },
    } as unknown as SessionEventOf<'assistant_message'>;
    expect(askedPointOf(rabbithole, { points: PLANTED_POINTS, recalledBefore: none })).toBeNull();
    expect(guessAskedPoint('Right.', { points: PLANTED_POINTS, recalledBefore: none })).toBeNull();
  });

  test.each([
    ['Where does magma go?', none, 'p1'],
    ['Lava is magma that reaches the ___.', none, 'p1'],
    ['Which layer sits under the crust?', none, 'p2'],
    ['What shakes the ground?', none, 'p1'], // nothing shared: the first pending point
    ['What shakes the ground?', p1Recalled, 'p2'],
    ['Where does magma go once it reaches the surface?', p1Recalled, 'p1'], // a clear re-ask
    ['Where does magma go?', p1Recalled, 'p2'], // one shared word is not a re-ask
    [
      'Which layer sits under the crust? By the way: lava is magma that reaches the surface.',
      none,
      'p2',
    ],
  ])('%s (recalled: %o) asks about %s', (text, recalledBefore, expected) => {
    expect(guessAskedPoint(text, { points: PLANTED_POINTS, recalledBefore })).toBe(expected);
  });
});
