import type { RabbitholePrompt, RecallClientSnapshot } from '@recall/ws';

/** Rabbit-hole state, as `useRabbithole` returns it (without the actions). */
export interface RabbitholeState {
  isInRabbithole: boolean;
  rabbitholeTopic: string | null;
  /** Labels of the rabbit holes explored so far. */
  rabbitholeLabels: readonly string[];
  /** A rabbit hole offered and not yet answered. */
  rabbitholePrompt: RabbitholePrompt | null;
}

export function selectRabbithole({ state }: RecallClientSnapshot): RabbitholeState {
  return {
    isInRabbithole: state.isInRabbithole,
    rabbitholeTopic: state.rabbitholeTopic,
    rabbitholeLabels: state.rabbitholeLabels,
    rabbitholePrompt: state.rabbitholePrompt,
  };
}
