import { type Resource, defineRecallSet } from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { describe, expect, test } from 'vitest';
import type { LLMMessage } from '../../src/llm/llm-adapter';
import { rabbitholeCue } from '../../src/prompts/conversation-cues';
import {
  buildRabbitholeSystemPrompt,
  renderRabbitholeNotes,
} from '../../src/prompts/rabbithole-prompt';
import { normalizeText } from '../../src/text/lexical';
import { CELL_ENERGY } from '../engine/harness';

const ORIGINS =
  'Mitochondria descend from ancient bacteria engulfed by another cell. ATP synthase makes ATP from ADP and phosphate. Their own circular DNA is inherited from the mother.';
const TOPIC = 'mitochondria and their ATP';

const recallSet = defineRecallSet(
  {
    ...CELL_ENERGY,
    resources: [
      { kind: 'text', title: 'Origins', content: ORIGINS, links: [{ pointIndex: 0 }] },
      {
        kind: 'text',
        title: 'Free reading',
        content: 'Muscle cells can hold thousands of mitochondria each.',
      },
    ],
  },
  { now: 0 },
);
const [origins, freeReading] = recallSet.resources as [Resource, Resource];

interface TurnOptions {
  /** The resources the system prompt carries (linked to no point of the session). */
  free?: readonly Resource[];
  /** The resources unlocked so far (in the notes). */
  unlocked?: readonly Resource[];
  /** Earlier turns after the opening cue. */
  history?: readonly LLMMessage[];
}

/** The agent's reply to `words` (or to the opening cue when `words` is null). */
async function reply(words: string | null, options: TurnOptions = {}): Promise<string> {
  const notes = renderRabbitholeNotes({ resources: options.unlocked ?? [] });
  const cue = rabbitholeCue(TOPIC);
  const messages: LLMMessage[] =
    words === null
      ? [{ role: 'user', content: `${cue}\n\n${notes}` }]
      : [
          { role: 'user', content: cue },
          ...(options.history ?? [{ role: 'assistant', content: 'What caught your attention?' }]),
          { role: 'user', content: `${words}\n\n${notes}` },
        ];
  let text = '';
  const stream = createOfflineLLM().streamText({
    kind: 'rabbithole',
    system: buildRabbitholeSystemPrompt({ recallSet, resources: options.free ?? [] }),
    messages,
  });
  for await (const part of stream) if (part.type === 'finish') text = part.text;
  return text;
}

const QUESTION = 'How do mitochondria make ATP, and where does their DNA come from?';

describe('offline rabbit-hole agent', () => {
  test('shares the best-matching sentences of unlocked resources freely (seed 001 §5)', async () => {
    const answer = await reply(QUESTION, { unlocked: [origins] });
    expect(answer).toContain('ATP synthase makes ATP from ADP and phosphate.');
    expect(answer).not.toMatch(/<resource|session_notes/);
    expect(answer.match(/\?/g)).toHaveLength(1);
  });

  test('draws on resources of the system prompt (linked to no point) too', async () => {
    const answer = await reply('How many mitochondria can a muscle cell hold?', {
      free: [freeReading],
    });
    expect(answer).toContain('Muscle cells can hold thousands of mitochondria each.');
  });

  test('with nothing unlocked it says so plainly and asks a curious question, never stating a point', async () => {
    const points = CELL_ENERGY.points.map((point) => point.content);
    const first = await reply(QUESTION);
    const second = await reply('And why do they have their own DNA?', {
      history: [
        { role: 'assistant', content: 'What caught your attention?' },
        { role: 'user', content: QUESTION },
        { role: 'assistant', content: first },
      ],
    });
    for (const answer of [first, second]) {
      expect(answer).toMatch(/rather not guess|can't vouch|no source/);
      expect(answer.match(/\?/g)).toHaveLength(1);
      for (const content of points) {
        expect(normalizeText(answer)).not.toContain(normalizeText(content));
      }
      expect(normalizeText(answer)).not.toMatch(/synthase|adp|phosphate/);
    }
    expect(second).not.toBe(first);
  });

  test('opens on the topic of the cue, curious, without the notes leaking', async () => {
    const opening = await reply(null);
    expect(opening).toMatch(/^Mitochondria and their ATP is .*\?$/);
    expect(opening).not.toMatch(/session_notes|<resource/);
  });

  test('asked again about what it already shared, it says that is all its material holds', async () => {
    const shared = 'Muscle cells can hold thousands of mitochondria each.';
    const answer = await reply('So how many mitochondria does a muscle cell have?', {
      free: [freeReading],
      history: [
        { role: 'assistant', content: 'What caught your attention?' },
        { role: 'user', content: 'How many mitochondria are in a muscle cell?' },
        { role: 'assistant', content: `${shared} What else would you like to know about it?` },
      ],
    });
    expect(answer).toMatch(/goes no further|all the material says/);
    expect(answer).toContain(shared);
  });
});
