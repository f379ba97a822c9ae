import type { RecallClient, RecallClientSnapshot } from '@recall/ws';
import { createRequiredContext, useRequiredContext } from '../internal/create-required-context';
import type { ExternalStore } from '../store/external-store';
import type { ThrottledStore } from '../store/throttled-store';
import type { AnswerFocus } from './answer-focus';
import type { RecallActions } from './recall-actions';

/** What `RecallProvider` shares with the hooks. */
export interface RecallContextValue {
  client: RecallClient;
  /** Every change, as it happens: for focused, selector-based subscriptions. */
  store: ExternalStore<RecallClientSnapshot>;
  /** At most one change per throttle window: for streamed text (message list, exchange). */
  streamStore: ThrottledStore<RecallClientSnapshot>;
  actions: RecallActions;
  /** The answer box, where focus goes once the learner answered a prompt or the overlay. */
  answerFocus: AnswerFocus;
}

export const recallContext =
  /* @__PURE__ */ createRequiredContext<RecallContextValue>('RecallProvider');

export const RecallContextProvider = recallContext.Provider;

/** The provider's value; throws an error naming `consumerName` outside `RecallProvider`. */
export function useRecallContext(consumerName: string): RecallContextValue {
  return useRequiredContext(recallContext, consumerName);
}
