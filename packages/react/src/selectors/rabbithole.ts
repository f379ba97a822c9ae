import type { RabbitholePromptState, RecallClientSnapshot } from '@recall/ws';
import { exploredRabbitholeLabels } from './progress';

/** Rabbit-hole state, as `useRabbithole` returns it (without the actions). */
export interface RabbitholeState {
  isInRabbithole: boolean;
  rabbitholeTopic: string | null;
  /** Labels of the rabbit holes explored so far. */
  rabbitholeLabels: readonly string[];
  /** A rabbit hole offered and not yet answered. */
  rabbitholePrompt: RabbitholePromptState | null;
}

/**
 * The prompt to offer: the client's, while the session can go on (`active`, or `connecting`
 * while the link comes back: the answer waits in the outbox). A paused, finished or refused
 * session would refuse "Explore", and a prompt on screen must always work.
 */
export function selectRabbitholePrompt(
  snapshot: RecallClientSnapshot,
): RabbitholePromptState | null {
  const { status } = snapshot;
  return status === 'active' || status === 'connecting' ? snapshot.rabbitholePrompt : null;
}

export function selectRabbithole(snapshot: RecallClientSnapshot): RabbitholeState {
  const { activeRabbitholeId, rabbitholes, mode } = snapshot.session;
  const active = rabbitholes.find((visit) => visit.rabbitholeEventId === activeRabbitholeId);
  return {
    isInRabbithole: mode === 'rabbithole',
    rabbitholeTopic: active?.topic ?? null,
    rabbitholeLabels: exploredRabbitholeLabels(snapshot),
    rabbitholePrompt: selectRabbitholePrompt(snapshot),
  };
}
