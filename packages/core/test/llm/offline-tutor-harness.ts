// Shared by offline-tutor.test.ts and offline-tutor-sessions.test.ts: two recall sets, a whole
// conversation with the offline tutor, and what its replies must never look like.
import {
  type RecallSetDefinition,
  createMemoryStorage,
  createRecallEngine,
  defineRecallSet,
} from '@recall/core';
import { createOfflineLLM } from '@recall/core/llm/offline';
import { ofType } from '../engine/harness';

export const PHOTOSYNTHESIS: RecallSetDefinition = {
  name: 'Photosynthesis',
  points: [
    {
      id: 'light',
      content:
        'The light-dependent reactions happen in the thylakoid membranes of the chloroplast.',
      context:
        'First stage. Chlorophyll in photosystems II and I absorbs light; the membranes are stacked into grana.',
    },
    {
      id: 'water',
      content: 'Photosystem II splits water, which releases oxygen as a by-product.',
      context:
        'Photolysis replaces the electrons chlorophyll lost; the oxygen we breathe is the waste product.',
    },
    {
      id: 'calvin',
      content: 'The Calvin cycle takes place in the stroma.',
      context:
        'Second, light-independent stage, in the fluid that surrounds the thylakoids inside the chloroplast.',
    },
  ],
};

export const EVENT_LOOP: RecallSetDefinition = {
  name: 'The JavaScript event loop',
  points: [
    {
      content: 'JavaScript runs on a single call stack, one function at a time.',
      context: 'Run-to-completion: a function is never interrupted by another callback.',
    },
    {
      content: 'Promise callbacks are microtasks, which all run before the next task.',
      context:
        'queueMicrotask and MutationObserver also use the microtask queue; it is drained fully.',
    },
  ],
};

export async function conversation(definition: RecallSetDefinition, messages: readonly string[]) {
  const storage = createMemoryStorage();
  const recallSet = defineRecallSet(definition, { now: Date.now() - 1000 });
  await storage.saveRecallSet(recallSet);
  const engine = createRecallEngine({ storage, llm: createOfflineLLM() });
  const { sessionId } = await engine.startSession(recallSet.id);
  await engine.whenIdle(sessionId);
  for (const message of messages) {
    await engine.sendUserMessage(sessionId, message);
    await engine.whenIdle(sessionId);
  }
  const events = await storage.read(sessionId);
  return {
    events,
    recallSet,
    replies: ofType(events, 'assistant_message').map((event) => event.data.content),
  };
}

export const STUCK = Array.from({ length: 7 }, () => "I don't remember anything");
export const PRAISE =
  /^(great|good|nice|perfect|exactly|correct|excellent|awesome|brilliant)\b|\b(good job|well done|great job|nice work|that's right)\b/i;
export const YES_NO = /^(is|are|do|does|did|can|could|would|will|have|has|should|was|were)\b/i;
