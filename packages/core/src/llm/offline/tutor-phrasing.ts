// The offline tutor's wording, per situation. Each function returns interchangeable variants;
// the tutor rotates through them by turn so it never says the same thing twice in a row.
// House rules: 1–3 short sentences and at most one question, an open one (what, where, how,
// which — never yes/no); a recall is acknowledged with one neutral word ("Right.", "Yes.")
// and nothing more; no praise, no exclamation marks, no lists, no talk about the session or
// its progress.

/** The neutral acknowledgements of a recall: the interface does the rest. */
export const ACKNOWLEDGEMENTS: readonly string[] = ['Right.', 'Yes.'];

/** Each variant led by a neutral acknowledgement, alternating. */
export function acknowledged(variants: readonly string[]): string[] {
  return variants.map(
    (variant, index) => `${ACKNOWLEDGEMENTS[index % ACKNOWLEDGEMENTS.length]} ${variant}`,
  );
}

/** The broad opening question, anchored on the first point's least revealing clue. */
export function openingQuestions(setName: string, clue: string | undefined): string[] {
  if (clue === undefined) {
    return [
      `Let's start with ${setName}. What do you remember about it, wherever you want to begin?`,
      `Let's begin with ${setName}. What comes back to you first?`,
    ];
  }
  return [
    `Let's start with ${setName}. What do you remember about ${clue}?`,
    `Let's begin with ${setName}. What comes back to you about ${clue}?`,
    `To open ${setName}, what can you tell me about ${clue}?`,
  ];
}

/** A broad question on a point that was not asked about yet (after a recall, or a recap). */
export function anchorQuestions(setName: string, clue: string | undefined): string[] {
  if (clue === undefined) {
    return [
      `What else do you remember about ${setName}?`,
      `Which other part of ${setName} can you bring back?`,
    ];
  }
  return [
    `What do you remember about ${clue}?`,
    `What can you tell me about ${clue}?`,
    // No set name here: its words would make the question look like one about another point.
    `What comes back to you about ${clue}?`,
  ];
}

/** The first hint after a miss: a second clue from the context. */
export function clueHints(clue: string): string[] {
  return [
    `Think of ${clue}. What does that bring back?`,
    `Start from ${clue}. Where does that lead you?`,
    `What comes to mind now about ${clue}?`,
  ];
}

/**
 * The first hint when the context has no second clue: the anchor's clue again (or none) with
 * a question about one aspect of the answer.
 */
export function narrowHints(clue: string | undefined, question: string): string[] {
  if (clue === undefined) {
    return [`Focus on one part of it. ${question}`, `Take it one piece at a time. ${question}`];
  }
  return [
    `Stay with ${clue}. ${question}`,
    `Think again about ${clue}. ${question}`,
    `Narrow it down from ${clue}. ${question}`,
  ];
}

/** After two or more misses: part of the answer, with gaps to fill. */
export function partialAnswers(cloze: string): string[] {
  // One sentence: the question carries the cloze, so the engine can tell which point it asks.
  const gaps = cloze.trim().replace(/[\s.!?]+$/, '');
  return [
    `How would you complete this: ${gaps}?`,
    `Which words fill the gaps in this: ${gaps}?`,
    `What goes in the gaps here: ${gaps}?`,
  ];
}

/** A near miss: ask for exactly the missing aspect (with a clue after an earlier near miss). */
export function nearMissFollowUps(question: string, clue: string | undefined): string[] {
  const openers = [
    'Part of it is there.',
    'That covers some of it.',
    'Some of it is still missing.',
  ];
  return openers.map((opener) =>
    clue === undefined ? `${opener} ${question}` : `${opener} Think of ${clue}. ${question}`,
  );
}

/**
 * Every point is recalled and the learner keeps talking: a short direct answer when their
 * question is about a recalled point, otherwise a neutral word. Never a new recall question.
 */
export function answerReplies(options: {
  setName: string;
  /** The learner asked something. */
  asked: boolean;
  /** The recalled point their question is about, if one matches. */
  content: string | undefined;
}): string[] {
  if (!options.asked) return [...ACKNOWLEDGEMENTS];
  if (options.content !== undefined) {
    const statement = options.content.replace(/[\s.]+$/, '');
    return [`${statement}.`, `That part of ${options.setName}: ${statement}.`];
  }
  return [
    `That goes beyond the points of ${options.setName}; its resources may say more.`,
    `The points of ${options.setName} do not cover that; its resources may.`,
  ];
}

/** Back from a rabbit hole: the pending question again, introduced by one short sentence. */
export function returnReplies(setName: string, questions: readonly string[]): string[] {
  if (questions.length === 0) {
    return [
      `Back to ${setName}. Which part of it would you like to go over?`,
      `Back to ${setName}. What would you like to ask about it?`,
    ];
  }
  return questions.map((question) =>
    // The pending question keeps its own shape; the opener only fits a short one.
    question.split(/(?<=[.?])\s+/).length <= 2 ? `Back to ${setName}. ${question}` : question,
  );
}

/** The welcome-back recap: a short welcome, then the focus question. Never a progress count. */
export function recapReplies(options: {
  setName: string;
  /** A clue to the point to probe next; absent when every point is recalled. */
  clue: string | undefined;
}): string[] {
  const questions =
    options.clue === undefined
      ? [
          `Which part of ${options.setName} would you like to go over?`,
          `What would you like to ask about ${options.setName}?`,
        ]
      : [
          `What do you remember about ${options.clue}?`,
          `What comes back to you about ${options.clue}?`,
        ];
  return questions.map((question) => `Welcome back to ${options.setName}. ${question}`);
}
