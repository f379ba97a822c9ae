import type { LLMAdapter, RecallPoint } from '@recall/core';
import type { LearnerAction, LearnerTurnContext, Persona, PersonaFactory } from './persona-types';
import { hashSeed, seededRandom } from './random';

/** Options for {@link createLLMLearner}. */
export interface LLMLearnerOptions {
  /** The model that role-plays the learner (its `tutor` role answers). */
  llm: LLMAdapter;
  /** Share (0–1) of each set's points the learner knows, picked by seed. @default 0.5 */
  knownShare?: number;
}

/** The persona name of the LLM learner in reports. */
export const LLM_LEARNER = 'llm-learner';

/**
 * A learner played by a model: it knows a seeded share of the set's points (it is told their
 * content and asked to answer in its own words) and nothing else. Its messages are labelled
 * `stated` when the asked point is one it knows, `blank` otherwise — the labels trust the model
 * to keep to its role, so read its false and missed credits with that in mind.
 */
export function createLLMLearner(options: LLMLearnerOptions): PersonaFactory {
  const share = options.knownShare ?? 0.5;
  if (!(share >= 0 && share <= 1)) throw new RangeError('knownShare must be from 0 to 1.');
  return {
    name: LLM_LEARNER,
    create(): Persona {
      let known: Set<string> | undefined;
      return {
        name: LLM_LEARNER,
        async next(context: LearnerTurnContext): Promise<LearnerAction> {
          if (context.mode === 'rabbithole') return { kind: 'exit_rabbithole' };
          if (context.rabbitholePending) return { kind: 'decline_rabbithole' };
          known ??= pickKnown(context.recallSet.points, context.recallSet.id, share);
          const point =
            context.pending.find((candidate) => candidate.id === context.askedPointId) ??
            context.pending[0];
          if (point === undefined) return { kind: 'leave' };
          const text = await answer(options.llm, context, known);
          return {
            kind: 'say',
            text,
            intent: { kind: known.has(point.id) ? 'stated' : 'blank', pointId: point.id },
          };
        },
      };
    },
  };
}

function pickKnown(points: readonly RecallPoint[], setId: string, share: number): Set<string> {
  const random = seededRandom(hashSeed(`${LLM_LEARNER}/${setId}`));
  const shuffled = points
    .map((point) => ({ point, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ point }) => point.id);
  return new Set(shuffled.slice(0, Math.round(share * points.length)));
}

async function answer(
  llm: LLMAdapter,
  context: LearnerTurnContext,
  known: ReadonlySet<string>,
): Promise<string> {
  const facts = context.recallSet.points
    .filter((point) => known.has(point.id))
    .map((point) => `- ${point.content}`)
    .join('\n');
  const system = `You are role-playing a student in a spoken review of "${context.recallSet.name}". You studied it a while ago and remember only these facts:
${facts || '- nothing at all'}
Answer the tutor's latest message as that student, in one or two short sentences of your own words. When it asks about something you do not remember, say so plainly; never make a fact up and never state a fact you do not remember.`;
  let text = '';
  for await (const part of llm.streamText({
    kind: 'tutor',
    system,
    messages: [{ role: 'user', content: context.lastReply || 'Let us begin.' }],
    maxOutputTokens: 200,
  })) {
    if (part.type === 'finish') text = part.text || text;
    else text += part.text;
  }
  return text.trim() || "I don't remember.";
}
