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

export function selectRabbithole(snapshot: RecallClientSnapshot): RabbitholeState {
  const { activeRabbitholeId, rabbitholes, mode } = snapshot.session;
  const active = rabbitholes.find((visit) => visit.rabbitholeEventId === activeRabbitholeId);
  return {
    isInRabbithole: mode === 'rabbithole',
    rabbitholeTopic: active?.topic ?? null,
    rabbitholeLabels: exploredRabbitholeLabels(snapshot),
    rabbitholePrompt: snapshot.rabbitholePrompt,
  };
}
