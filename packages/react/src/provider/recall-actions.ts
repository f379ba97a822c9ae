import type { RecallClient } from '@recall/ws';

/**
 * What the learner can do. Each action calls the client, which acts on its latest state, so
 * an action captured at first render never goes stale. There is deliberately no
 * "trigger evaluation" and no "end session": the agent decides when a point is recalled,
 * and the learner only ever leaves.
 */
export interface RecallActions {
  /** Sends the learner's text; shown at once as `pending`. Returns its `clientMessageId`. */
  sendMessage(text: string): string;
  /** What the learner is typing: a non-empty draft shows a pending rabbit-hole prompt as declined. */
  setDraft(text: string): void;
  /** Leaves the session (the server pauses or completes it). */
  leaveSession(): void;
  /** Accepts the pending rabbit-hole prompt. */
  enterRabbithole(): void;
  /** Returns from the rabbit hole to the session. */
  exitRabbithole(): void;
  /** Declines the pending rabbit-hole prompt. */
  declineRabbithole(): void;
  /** Closes the completion overlay and keeps talking. */
  dismissOverlay(): void;
  /** Reconnects now and resends unacknowledged or failed messages. */
  retry(): void;
}

/** The actions bound to one client (created once per client by the provider). */
export function createRecallActions(client: RecallClient): RecallActions {
  return {
    sendMessage: (text) => client.sendMessage(text),
    setDraft: (text) => client.setDraft(text),
    leaveSession: () => client.leaveSession(),
    enterRabbithole: () => client.enterRabbithole(),
    exitRabbithole: () => client.exitRabbithole(),
    declineRabbithole: () => client.declineRabbithole(),
    dismissOverlay: () => client.dismissOverlay(),
    retry: () => client.retry(),
  };
}
