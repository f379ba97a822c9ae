import { topicOfRabbitholeCue } from '../../session/turn-rules';
import {
  type RabbitholeResource,
  parseRabbitholeNotes,
  parseRabbitholeSystemPrompt,
} from '../../prompts/rabbithole-prompt';
import { type KeyTerm, hasStem, isGenericTerm, keyTerms, splitSentences } from '../../text/lexical';
import type { LLMMessage } from '../llm-adapter';

/**
 * The offline rabbit-hole agent. It knows only what the request gives it: the resources of
 * the system prompt (those linked to no point of the session) and of the turn's notes (those
 * unlocked by recalls so far). It shares freely, as seed 001 §5 has it (the session's echo rule,
 * not the agent, keeps a repeat from earning credit): the resource sentences that best match the
 * learner's words; with nothing to share it says so plainly and asks a curious, open question
 * instead of guessing.
 * At most one question per reply; never the same reply twice in a row.
 */
export function rabbitholeReplyOffline(system: string, messages: readonly LLMMessage[]): string {
  const prompt = parseRabbitholeSystemPrompt(system);
  const lastTurn = messages.at(-1)?.content ?? '';
  const notes = parseRabbitholeNotes(lastTurn);
  const topic = topicOfRabbitholeCue(messages[0]?.content ?? '') || 'this';
  const words = learnerWords(lastTurn);
  const opening = topicOfRabbitholeCue(lastTurn) !== '';
  const replies = messages.filter((message) => message.role === 'assistant');
  const previous = replies.at(-1)?.content;
  const setName = (prompt.recallSetName || 'this topic').replace(/^The\b/, 'the');
  const asked = keyTerms(opening ? topic : words).filter((term) => !isGenericTerm(term));
  const said = replies.map((reply) => reply.content).join(' ');
  const matches = matchingSentences({
    resources: [...prompt.resources, ...(notes?.resources ?? [])],
    asked,
    // The topic is a long phrase: one shared word of it ("turning") is chance, not a match.
    needed: opening ? Math.min(2, asked.length) : 1,
    context: opening ? [] : keyTerms(topic),
  });
  const fresh = matches.filter((sentence) => !said.includes(sentence)).slice(0, 2);
  const candidates = opening
    ? openingReplies(topic, fresh)
    : fresh.length > 0
      ? sharingReplies(fresh)
      : matches.length > 0
        ? alreadySaidReplies(matches[0]!)
        : noSourceReplies(setName, topic);
  const start = replies.length % candidates.length;
  const rotated = [...candidates.slice(start), ...candidates.slice(0, start)];
  return rotated.find((reply) => reply !== previous) ?? rotated[0]!;
}

/** The learner's words of a user turn: the engine's notes after them left out. */
function learnerWords(turn: string): string {
  const notes = turn.lastIndexOf('<session_notes>');
  return (notes === -1 ? turn : turn.slice(0, notes)).trim();
}

/**
 * The resource sentences that match what the learner asked, best first: sharing the most of
 * its terms (at least `needed`), terms of the rabbit hole's topic breaking ties.
 */
function matchingSentences(options: {
  resources: readonly RabbitholeResource[];
  asked: readonly KeyTerm[];
  needed: number;
  context: readonly KeyTerm[];
}): string[] {
  const askedStems = options.asked.map((term) => term.stem);
  const contextStems = options.context.map((term) => term.stem);
  return options.resources
    .flatMap((resource) => splitSentences(resource.content))
    .map((sentence) => ({ sentence, stems: keyTerms(sentence).map((term) => term.stem) }))
    .map(({ sentence, stems }) => ({
      sentence,
      score: askedStems.filter((stem) => hasStem(stems, stem)).length,
      tie: stems.filter((stem) => hasStem(contextStems, stem)).length,
    }))
    .filter((candidate) => candidate.score > 0 && candidate.score >= options.needed)
    .sort((a, b) => b.score - a.score || b.tie - a.tie)
    .map((candidate) => candidate.sentence);
}

function openingReplies(topic: string, shared: readonly string[]): string[] {
  if (shared.length > 0) {
    const passage = shared.join(' ');
    return [
      `${passage} What would you like to follow from there?`,
      `${passage} Which part of that interests you most?`,
    ];
  }
  const subject = capitalize(topic);
  return [
    `${subject} is a good thread to pull. What got you wondering about it?`,
    `${subject} is worth a detour. What caught your attention about it?`,
  ];
}

function sharingReplies(shared: readonly string[]): string[] {
  const passage = shared.join(' ');
  return [
    `${passage} What else would you like to know about it?`,
    `${passage} Where would you like to take it from here?`,
    `${passage} What part of that would you like to follow?`,
  ];
}

function alreadySaidReplies(sentence: string): string[] {
  return [
    `My material goes no further than this. ${sentence} What would you make of it?`,
    `That is all the material says about it. ${sentence} What do you think lies behind it?`,
  ];
}

function noSourceReplies(setName: string, topic: string): string[] {
  return [
    `The material of ${setName} says nothing about that, and I would rather not guess. What do you already know or suspect about it?`,
    `That goes past what the material of ${setName} covers, so I can't vouch for an answer. What made you think of it?`,
    `I have no source on that in the material of ${setName}, so I'll leave it open. How do you think it ties in with ${topic}?`,
  ];
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
