/**
 * Where the learner continues after a prompt, an indicator or the overlay goes away: the
 * answer box (`Composer.Input` registers itself). One per provider.
 */
export interface AnswerFocus {
  /** The answer box mounted (an element) or unmounted (`null`). */
  register(element: HTMLElement | null): void;
  /** The answer box, when it is in the page and can take the learner's typing. */
  target(): HTMLElement | null;
  /** Moves focus to the answer box; false when there is none that can take it. */
  focus(): boolean;
}

/** A fresh registry (the provider creates one per client). */
export function createAnswerFocus(): AnswerFocus {
  let element: HTMLElement | null = null;
  const target = () => (element?.isConnected && !element.matches(':disabled') ? element : null);
  return {
    register(next) {
      element = next;
    },
    target,
    focus() {
      const answer = target();
      answer?.focus();
      return answer !== null;
    },
  };
}
