import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineRecallSet, isLearnerQuestion, keyTerms } from '@recall/core';
import { describe, expect, test } from 'vitest';
import type { EvalAnswers } from '../sets/sets-file';
import { confusedAnswer, negatedAnswer, partialAnswer, questionAnswer } from './answer-templates';
import { type LearnerTurnContext, PERSONA_NAMES, type PersonaName } from './persona-types';
import { createPersona } from './personas';
import { hashSeed, seededRandom } from './random';

const recallSet = defineRecallSet(
  {
    id: 'geo',
    name: 'Geology',
    points: [
      { id: 'p1', content: 'Lava is magma that reaches the surface.', context: 'Volcanoes.' },
      { id: 'p2', content: 'The mantle lies between the crust and the core.', context: 'Layers.' },
    ],
  },
  { now: 0 },
);
const [p1, p2] = recallSet.points as [(typeof recallSet.points)[0], (typeof recallSet.points)[0]];

function context(overrides: Partial<LearnerTurnContext> = {}): LearnerTurnContext {
  return {
    recallSet,
    answers: new Map<string, EvalAnswers>(),
    pending: recallSet.points,
    askedPointId: 'p1',
    everAsked: new Set(['p1']),
    lastReply: 'Lava is magma that reaches the ___. What fills the gap?',
    mode: 'recall',
    rabbitholePending: false,
    turn: 0,
    random: seededRandom(hashSeed('test')),
    ...overrides,
  };
}

/** Twelve turns of a persona with a fresh seed. */
function script(name: PersonaName, seed: string): string[] {
  const persona = createPersona(name);
  const random = seededRandom(hashSeed(seed));
  return Array.from({ length: 12 }, (_, turn) =>
    JSON.stringify(persona.next(context({ turn, random }))),
  );
}

describe('personas', () => {
  test.each(PERSONA_NAMES)('%s is deterministic for a seed', (name) => {
    expect(script(name, 'a')).toEqual(script(name, 'a'));
  });

  test('answers come from evalAnswers when the set gives them', () => {
    const answers = new Map<string, EvalAnswers>([
      [
        'p1',
        { strong: ['Molten rock at the top is lava.'], negated: 'Lava never reaches the surface.' },
      ],
    ]);
    expect(createPersona('strong').next(context({ answers }))).toEqual({
      kind: 'say',
      text: 'Molten rock at the top is lava.',
      intent: { kind: 'stated', pointId: 'p1' },
    });
    expect(createPersona('negator').next(context({ answers }))).toMatchObject({
      text: 'Lava never reaches the surface.',
      intent: { kind: 'negated' },
    });
    expect(createPersona('strong').next(context())).toMatchObject({
      text: 'Lava is magma that reaches the surface.',
    });
  });

  test('templates: half the key terms, negated, swapped, asked', () => {
    const random = seededRandom(1);
    const partial = partialAnswer(p1, random);
    expect(keyTerms(partial).filter((term) => ['lava', 'magma'].includes(term.stem))).toHaveLength(
      2,
    );
    expect(partial).not.toMatch(/surface|reach/);
    expect(negatedAnswer(p1)).toBe('Lava is not magma that reaches the surface.');
    expect(negatedAnswer(p2)).toBe(
      'The mantle lies between the crust and the core.'.replace(/\.$/, '').length > 0
        ? 'It is not the case that the mantle lies between the crust and the core.'
        : '',
    );
    // Words move as written: a sentence-initial capital travels with its word (proper nouns must).
    expect(confusedAnswer(p1)).toBe('Surface is magma that reaches the Lava.');
    for (let index = 0; index < 8; index += 1)
      expect(isLearnerQuestion(questionAnswer(p1, random))).toBe(true);
  });

  test('echo pastes back the last reply; out-of-order answers another point; blank leaves once all were asked', () => {
    const echoes = new Set(
      Array.from({ length: 20 }, (_, turn) => {
        const action = createPersona('echo').next(context({ turn, random: seededRandom(turn) }));
        return action.kind === 'say' ? action.text : '';
      }),
    );
    expect(echoes).toContain('Lava is magma that reaches the ___. What fills the gap?');
    expect([...echoes].some((text) => text.startsWith('I think lava is magma'))).toBe(true);
    expect(
      [...echoes].some((text) => !text.includes('___') && text.includes('What fills the gap?')),
    ).toBe(true);
    expect(createPersona('out-of-order').next(context())).toMatchObject({
      intent: { kind: 'stated', pointId: 'p2' },
    });
    expect(createPersona('blank').next(context())).toMatchObject({ intent: { kind: 'blank' } });
    expect(createPersona('blank').next(context({ everAsked: new Set(['p1', 'p2']) }))).toEqual({
      kind: 'leave',
    });
  });

  test('tangent enters and declines rabbit holes in turn, and comes back', () => {
    const tangent = createPersona('tangent');
    expect(tangent.next(context({ rabbitholePending: true }))).toEqual({
      kind: 'enter_rabbithole',
    });
    expect(tangent.next(context({ mode: 'rabbithole' }))).toMatchObject({
      kind: 'say',
      intent: { kind: 'side_question' },
    });
    expect(tangent.next(context({ mode: 'rabbithole' }))).toEqual({ kind: 'exit_rabbithole' });
    expect(tangent.next(context({ rabbitholePending: true }))).toEqual({
      kind: 'decline_rabbithole',
    });
    expect(tangent.next(context({ turn: 2 }))).toMatchObject({ intent: { kind: 'side_question' } });
  });

  test('the injector carries tags and instructions', () => {
    const action = createPersona('injector').next(context());
    expect(action).toMatchObject({ kind: 'say', intent: { kind: 'injection' } });
    expect(
      action.kind === 'say' && /<\/?[a-z_]+>|ignore all previous instructions/i.test(action.text),
    ).toBe(true);
  });

  test('personas share no code or word list with the offline judge', () => {
    const directory = import.meta.dirname;
    for (const file of readdirSync(directory).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    )) {
      const source = readFileSync(join(directory, file), 'utf8');
      expect(source, file).not.toMatch(/from '[^']*offline[^']*'/);
    }
  });
});
