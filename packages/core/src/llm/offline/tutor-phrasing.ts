// The offline tutor's wording, per situation. Each function returns interchangeable variants;
// the tutor rotates through them by turn so it never says the same thing twice in a row.
// House rules: 1–3 short sentences, ending with an open question (what, where, how, which —
// never yes/no); no praise, no exclamation marks, no lists, no talk about the session.

/** The broad opening question, anchored on the first point's least revealing clue. */
export function openingQuestions(setName: string, clue: string | undefined): string[] {
  if (clue === undefined) {
    return [
      `Let's start with ${setName}. What do you remember about it, wherever you want to begin?`,
      `Let's begin with ${setName}. What comes back to you first?`,
    ];
  }
  return [
    `Let's start with ${setName}, from this angle: ${clue}. What do you remember there?`,
    `Let's begin with ${setName}. Here is a starting point: ${clue}. What comes back to you?`,
    `To open ${setName}, take this: ${clue}. What do you remember about it?`,
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
    `What do you remember about this: ${clue}?`,
    `Here is another angle: ${clue}. What comes back to you?`,
    `Take this thread: ${clue}. What can you say about it?`,
    `Think about this: ${clue}. What do you remember there?`,
  ];
}

/** The first hint after a miss: a clue from the context. */
export function clueHints(clue: string | undefined, question: string): string[] {
  if (clue === undefined) return [`Focus on one part of it. ${question}`];
  return [
    `Here is a clue: ${clue}. What does that bring back?`,
    `A pointer: ${clue}. Where does that lead you?`,
    `Try this: ${clue}. What comes to mind now?`,
  ];
}

/** The second hint: a narrower clue and a question about one aspect of the answer. */
export function narrowHints(clue: string | undefined, question: string): string[] {
  if (clue === undefined) {
    return [`Focus on one part of it. ${question}`, `Take it one piece at a time. ${question}`];
  }
  return [
    `A narrower clue: ${clue}. ${question}`,
    `Look at it from here: ${clue}. ${question}`,
    `One more clue: ${clue}. ${question}`,
  ];
}

/** After three or more misses: part of the answer, with gaps to fill. */
export function partialAnswers(cloze: string): string[] {
  return [
    `Let me start it for you: ${cloze} How would you finish it?`,
    `Here is part of it: ${cloze} What fills the gap?`,
    `Fill in the gap: ${cloze} What goes there?`,
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
    clue === undefined ? `${opener} ${question}` : `${opener} Here is a clue: ${clue}. ${question}`,
  );
}

/** Every point is recalled: a short question that deepens a recalled one. */
export function deepeningQuestions(setName: string, clue: string | undefined): string[] {
  if (clue === undefined) {
    return [
      `Which part of ${setName} would you explain differently now?`,
      `How do the parts of ${setName} fit together?`,
    ];
  }
  return [
    `Going back to this: ${clue}. How does it connect to the rest of ${setName}?`,
    `How would you explain this in your own words: ${clue}?`,
    `Think about this again: ${clue}. Why does it matter?`,
  ];
}

/** The welcome-back recap: one sentence on what was recalled, then one question. */
export function recapReplies(options: {
  setName: string;
  recalled: number;
  total: number;
  /** A clue to the point to probe next; absent when every point is recalled. */
  clue: string | undefined;
}): string[] {
  const progress =
    options.recalled === 0
      ? `Before the break you had not recalled any of the ${options.total} points yet.`
      : `Before the break you had recalled ${options.recalled} of ${options.total} points.`;
  const questions =
    options.clue === undefined
      ? [
          `Which part of ${options.setName} would you explain differently now?`,
          `How do the parts of ${options.setName} fit together?`,
        ]
      : [
          `What do you remember about this: ${options.clue}?`,
          `What comes back to you about this: ${options.clue}?`,
        ];
  return questions.map((question) => `Welcome back. ${progress} ${question}`);
}
