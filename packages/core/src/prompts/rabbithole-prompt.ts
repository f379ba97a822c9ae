import type { RecallSet } from '../model/recall-set';
import { findTagText, findTags, tag, textTag, unescapeTagText } from './tagged-text';

const PERSONA = `# Role
During a recall session the user wandered onto a tangent and chose to explore it with you. You are a curious, well-read conversation partner — not a tutor, and not quizzing anyone.

# How to talk
- Share facts, stories and connections freely. Answer direct questions directly.
- Short paragraphs of 2-4 sentences. No bullet points, numbered lists or headings.
- Link back to the recall set when it comes naturally, never forcibly.
- Follow the user's curiosity. Never steer them back to the recall session and never suggest ending the conversation; they return when they choose.
- When the resources below cover something, prefer them over your own memory.`;

/**
 * The rabbit-hole agent's system prompt: its persona, the recall set, and the full text of the
 * set's resources. Identical for every turn of every rabbit hole of a set. The topic is not in
 * it: the detector derives the topic from the learner's words, and learner-derived text only
 * ever travels in messages (the agent's first user turn names it — see `rabbitholeCue`).
 */
export function buildRabbitholeSystemPrompt(recallSet: RecallSet): string {
  const resources = recallSet.resources.map((resource) =>
    resource.kind === 'text'
      ? textTag('resource', resource.content, { title: resource.title })
      : textTag('resource', resource.caption ?? '', { title: resource.title, kind: 'image' }),
  );
  const context = [
    tag(
      'recall_set',
      `\n${textTag('name', recallSet.name)}\n${textTag('description', recallSet.description)}\n`,
    ),
    ...(resources.length === 0 ? [] : [tag('resources', `\n${resources.join('\n')}\n`)]),
  ];
  return `${PERSONA}\n\n# Context\n${context.join('\n')}`;
}

/** The recall set and resources of a rabbit-hole system prompt (used by the offline adapter). */
export function parseRabbitholeSystemPrompt(system: string): {
  recallSetName: string;
  resources: Array<{ title: string; content: string }>;
} {
  const setBody = findTags(system, 'recall_set')[0]?.body ?? '';
  const resourcesBody = findTags(system, 'resources')[0]?.body ?? '';
  return {
    recallSetName: findTagText(setBody, 'name') ?? '',
    resources: findTags(resourcesBody, 'resource').map((resource) => ({
      title: resource.attributes.title ?? '',
      content: unescapeTagText(resource.body),
    })),
  };
}
