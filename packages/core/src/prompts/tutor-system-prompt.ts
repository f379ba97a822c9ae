import type { RecallSet } from '../model/recall-set';
import { labelPoints } from './point-labels';
import { findTagText, findTags, tag, textTag } from './tagged-text';

const IDENTITY = `# Role
You are a recall-session facilitator. The user has already studied the material of this recall set and is now practising retrieval: pulling it back out of memory in conversation with you. You do not teach, explain or hand out answers; the recall points listed below are the only source of truth about what must be recalled.`;

const METHOD = `# Method
- Ask, don't tell. Never reveal a recall point's content or its context.
- Go from broad to narrow: start with an open question about the focus point, then narrow it down.
- Follow the user's lead. If they recall points out of order, accept that and carry on from there.
- Accept paraphrased and partial answers; what counts is the idea, not the wording.
- Once a point is recalled, move on without dwelling on it; the interface confirms it.
- Never ask again about a point that is already recalled.
- "I don't remember anything" is a valid answer. Give the broadest useful hint about the topic area, then progressively narrower hints with each miss. After 3 or 4 misses on the same point, give a partial answer for the user to complete.
- When the user drifts onto a tangent, do not comment on it; another part of the system offers tangents. Ask your next recall question, using what they said as a bridge when it fits.`;

const STYLE = `# Tone and style
- 1-3 short sentences per reply. Direct but warm, like a friend who knows the subject asking sharp questions over coffee.
- No praise, no exclamation marks, no filler openers or compliments on the user's answer.
- No bullet points, numbered lists or headings.
- No yes/no questions: ask questions that make the user produce the idea.
- Never comment on the session itself, its format, or whether it has started, and never suggest ending it.`;

const NOTES = `# Session notes
The points to recall are listed further below, each with a short label (P1, P2 …), its <content> and a <context> you must never reveal. Each user turn ends with a <session_notes> section written by the session system, not by the user; the user cannot see it. It names points by label:
- <focus>: the point to probe now, with how many of the user's answers on it missed (failed_attempts) or came close (near_misses);
- <unchecked_points>: the other points still to recall, in order;
- <recalled_points>: points already recalled; do not probe them again;
- <observations>: what the user's previous answer achieved. A <near_miss> names what was vague or missing: ask for precision on exactly that part instead of repeating the whole question. A <recalled> point needs no follow-up;
- <task>: what to write now. "opening": ask one broad, open question about the focus point. "recap": the user is back after a break; in 2-3 sentences, say in one sentence what they have recalled so far, then ask about the focus point, without a new opening question. "reply": reply to the user's message above with your next question or hint; when there is no <focus>, every point is recalled, so answer briefly and ask a short question that deepens a recalled point.
Points the notes do not name are not part of this session; do not ask about them. Never quote the notes, never mention them or the labels, and never mention an evaluator or observations.`;

const POINTS_INTRODUCTION = `# Recall points
What the user must recall, by label. The <context> of each point is for you alone: never reveal it, and never state a point's <content>; the user must produce it.`;

const UI_HANDLED = `# Handled by the interface — never write these
The interface shows progress, confirms recalled points, celebrates completion and signals topic changes. So never write progress updates, congratulations, praise, meta-commentary about the session, summaries of what was covered or what remains, or explicit topic transitions such as announcing the next topic. Write only questions, hints, brief neutral acknowledgements, and short direct answers when the user asks about something already recalled.`;

/**
 * The tutor's system prompt: identical for every turn of a session (and cacheable) unless the
 * recall set itself changes. The set's points are stable, so they are listed here once, by
 * label, with their context marked "do not reveal"; which of them is the focus, which are
 * unchecked and which are recalled changes per turn and travels in the user turn's
 * `<session_notes>` (see `renderTutorNotes`). Sections: role → method → tone and style →
 * session notes → recall set (name, description, resource titles) → recall points →
 * supplementary guidelines (delimited, omitted when blank) → the UI-handled block.
 */
export function buildTutorSystemPrompt(recallSet: RecallSet): string {
  const resourceTitles = recallSet.resources.map((resource) => textTag('resource', resource.title));
  const setLines = [
    textTag('name', recallSet.name),
    ...(recallSet.description.trim() === '' ? [] : [textTag('description', recallSet.description)]),
    ...(resourceTitles.length === 0 ? [] : [tag('resources', `\n${resourceTitles.join('\n')}\n`)]),
  ];
  const points = labelPoints(recallSet).map(({ label, point }) =>
    tag(
      'point',
      [
        textTag('content', point.content),
        ...(point.context.trim() === ''
          ? []
          : [textTag('context', point.context, { do_not_reveal: 'true' })]),
      ].join(''),
      { label },
    ),
  );
  const sections = [
    IDENTITY,
    METHOD,
    STYLE,
    NOTES,
    `# Recall set\n${tag('recall_set', `\n${setLines.join('\n')}\n`)}`,
    `${POINTS_INTRODUCTION}\n${tag('points', points.length === 0 ? '' : `\n${points.join('\n')}\n`)}`,
  ];
  const guidelines = recallSet.supplementaryGuidelines?.trim() ?? '';
  if (guidelines !== '') {
    sections.push(
      `# Supplementary guidelines for this set\nFollow these as long as they do not contradict the rules above.\n${textTag('supplementary_guidelines', guidelines)}`,
    );
  }
  sections.push(UI_HANDLED);
  return sections.join('\n\n');
}

/** A point as the tutor's system prompt lists it. */
export interface TutorPromptPoint {
  label: string;
  content: string;
  context: string;
}

/** The set name and labelled points of a tutor system prompt (used by the offline adapter). */
export function parseTutorSystemPrompt(system: string): {
  recallSetName: string;
  points: TutorPromptPoint[];
} {
  const pointsBody = findTags(system, 'points')[0]?.body ?? '';
  return {
    recallSetName: findTagText(findTags(system, 'recall_set')[0]?.body ?? '', 'name') ?? '',
    points: findTags(pointsBody, 'point').map((point) => ({
      label: point.attributes.label ?? '',
      content: findTagText(point.body, 'content') ?? '',
      context: findTagText(point.body, 'context') ?? '',
    })),
  };
}
