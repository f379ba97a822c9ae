import { scriptEvaluation } from '@recall/core/testing';
import { describe, expect, test } from 'vitest';
import { createHarness, ofType } from './harness';

// The engine records a tutor question about an already recalled point on its
// `assistant_message` (`reaskedPointId`), with the rule that stamps `askedPointId`.

describe('assistant_message.reaskedPointId', () => {
  test('a scripted tutor that re-asks a recalled point: the field names it; normal asks leave it absent', async () => {
    const h = await createHarness({
      script: {
        tutor: [
          'Which enzyme makes ATP from ADP and phosphate?',
          // Answers the message that recalls p1: the request still listed p1 as pending.
          'Which enzyme makes ATP from ADP, and where does it sit?',
          'Go back for a moment: which enzyme makes ATP from ADP?',
          'What does glycolysis split glucose into?',
        ],
        evaluator: [scriptEvaluation({ recalled: ['p1'] })],
      },
    });
    const { sessionId } = await h.start();
    await h.say(sessionId, 'ATP synthase makes ATP from ADP and phosphate');
    await h.say(sessionId, 'in the inner membrane');
    await h.say(sessionId, 'I said that already');
    const messages = ofType(await h.events(sessionId), 'assistant_message');
    expect(messages.map((event) => event.data.reaskedPointId)).toEqual([
      undefined,
      undefined,
      'p1',
      undefined,
    ]);
    expect(messages.map((event) => event.data.askedPointId)).toEqual(['p1', 'p1', undefined, 'p2']);
    // Stored only when set: the other replies carry no key at all.
    expect(messages.filter((event) => 'reaskedPointId' in event.data)).toHaveLength(1);
  });
});
