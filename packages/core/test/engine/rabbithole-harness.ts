import { scriptDetection, scriptEvaluation } from '@recall/core/testing';
import type { ScriptedLLMScript, ScriptedObjectReply } from '@recall/core/testing';
import { CELL_ENERGY, createHarness, type HarnessOptions } from './harness';

/** Cell energy with resources, for the rabbit-hole agent. */
export const WITH_RESOURCES = {
  ...CELL_ENERGY,
  resources: [
    {
      kind: 'text' as const,
      title: 'Mitochondrial origins',
      content: 'Mitochondria descend from engulfed bacteria and keep their own circular DNA.',
      links: [],
    },
  ],
};

function latestMessage(content: string): string {
  return content.match(/<latest_message>([\s\S]*?)<\/latest_message>/)?.[1] ?? '';
}

/**
 * Scripted judges driven by the learner's words: "tangent: X" is detected as a tangent on X
 * (certainty from "@0.5" suffixes), "recall: p1 p2" recalls those points.
 */
export const WORD_DRIVEN: Pick<ScriptedLLMScript, 'detector' | 'evaluator'> = {
  detector: (request): ScriptedObjectReply | undefined => {
    const match = latestMessage(request.messages[0]!.content).match(
      /tangent: ([^@]+)(?:@([\d.]+))?/,
    );
    if (match === null) return undefined;
    return scriptDetection({
      topic: match[1]!.trim(),
      label: `${match[1]!.trim()} label`,
      ...(match[2] === undefined ? {} : { certainty: Number(match[2]) }),
    });
  },
  evaluator: (request): ScriptedObjectReply | undefined => {
    const match = latestMessage(request.messages[0]!.content).match(/recall: ([\w ]+)/);
    return match === null
      ? undefined
      : scriptEvaluation({ recalled: match[1]!.trim().split(/\s+/) });
  },
};

/** A harness whose judges follow {@link WORD_DRIVEN}, over the set with resources. */
export function createRabbitholeHarness(options: HarnessOptions = {}) {
  return createHarness({
    recallSet: WITH_RESOURCES,
    ...options,
    script: { ...WORD_DRIVEN, ...options.script },
  });
}
