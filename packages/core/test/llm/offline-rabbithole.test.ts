import { defineRecallSet } from '@recall/core';
import { createOfflineLLM } from '@recall/core/offline';
import { expect, test } from 'vitest';
import { rabbitholeCue } from '../../src/prompts/conversation-cues';
import { buildRabbitholeSystemPrompt } from '../../src/prompts/rabbithole-prompt';
import { tag, textTag } from '../../src/prompts/tagged-text';
import { CELL_ENERGY } from '../engine/harness';

const RESOURCE =
  'Mitochondria descend from ancient bacteria engulfed by another cell. ATP synthase makes ATP from ADP and phosphate. Their own circular DNA is inherited from the mother.';

async function reply(lastUserTurn: string): Promise<string> {
  const recallSet = defineRecallSet(
    { ...CELL_ENERGY, resources: [{ kind: 'text', title: 'Origins', content: RESOURCE }] },
    { now: 0 },
  );
  let text = '';
  const stream = createOfflineLLM().streamText({
    kind: 'rabbithole',
    system: buildRabbitholeSystemPrompt({ recallSet, resources: recallSet.resources }),
    messages: [
      { role: 'user', content: rabbitholeCue('mitochondria and their ATP') },
      { role: 'assistant', content: 'What about them caught your attention?' },
      { role: 'user', content: lastUserTurn },
    ],
  });
  for await (const part of stream) if (part.type === 'finish') text = part.text;
  return text;
}

test('the offline rabbit-hole agent shares resource sentences but never one stating a point still to recall', async () => {
  const question = 'How do mitochondria make ATP, and where does their DNA come from?';
  // Without a list of points still to recall it shares the best matches.
  expect(await reply(question)).toContain('ATP synthase makes ATP from ADP and phosphate.');
  // With the point listed as still to recall, that sentence is never said.
  const listed = `${question}\n\n${tag('unrecalled_points', `\n${textTag('point', CELL_ENERGY.points[0]!.content, { label: 'P1' })}\n`)}`;
  const answer = await reply(listed);
  expect(answer).not.toContain('ATP synthase makes ATP');
  expect(answer).toMatch(/DNA|bacteria/);
  expect(answer).not.toMatch(/unrecalled|<point/);
});
