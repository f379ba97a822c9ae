import type { RabbitholePromptState } from '@recall/ws';
import { forwardRef, useId, useMemo } from 'react';
import { composeEventHandlers } from '../../internal/compose-event-handlers';
import { createRequiredContext, useRequiredContext } from '../../internal/primitive';
import { Primitive, type PrimitiveProps } from '../../internal/primitive';
import { useRecallContext } from '../../provider/recall-provider';
import { useSnapshotSelector } from '../../provider/recall-provider';
import { selectRabbitholePrompt } from '../../selectors/rabbithole';

/** Every string the prompt shows; replace any of them. */
export interface RabbitholePromptLabels {
  /** @default 'Want to explore “{topic}”?' */
  message: (prompt: RabbitholePromptState) => string;
  /** @default 'Explore' */
  explore: string;
  /** @default 'Stay on track' */
  decline: string;
}

const DEFAULT_LABELS: RabbitholePromptLabels = {
  message: (prompt) => `Want to explore “${prompt.topic}”?`,
  explore: 'Explore',
  decline: 'Stay on track',
};

interface PromptContextValue {
  prompt: RabbitholePromptState;
  messageId: string;
  labels: RabbitholePromptLabels;
}

const promptContext =
  /* @__PURE__ */ createRequiredContext<PromptContextValue>('RabbitholePrompt.Root');

/** Props of `RabbitholePrompt.Root`. */
export interface RabbitholePromptRootProps extends PrimitiveProps<'div'> {
  labels?: Partial<RabbitholePromptLabels>;
}

/**
 * The offer to explore a tangent, inline (not modal, it never takes focus): "Explore" or
 * "Stay on track". Renders only while a prompt is pending in a session in progress (never
 * once the session paused or finished); typing in the composer declines it. Renders every
 * part when given no children.
 */
export const RabbitholePromptRoot = /* @__PURE__ */ forwardRef<
  HTMLDivElement,
  RabbitholePromptRootProps
>(function RabbitholePromptRoot({ labels, children, ...props }, ref) {
  const prompt = useSnapshotSelector('RabbitholePrompt.Root', selectRabbitholePrompt);
  const messageId = useId();
  const mergedLabels = useMemo(() => ({ ...DEFAULT_LABELS, ...labels }), [labels]);
  const value = useMemo(
    () => (prompt === null ? null : { prompt, messageId, labels: mergedLabels }),
    [prompt, messageId, mergedLabels],
  );
  if (value === null) return null;
  return (
    <promptContext.Provider value={value}>
      <Primitive.div
        role="group"
        aria-labelledby={messageId}
        data-state="open"
        {...props}
        ref={ref}
      >
        {children ?? (
          <>
            <RabbitholePromptMessage />
            <RabbitholePromptExplore />
            <RabbitholePromptDecline />
          </>
        )}
      </Primitive.div>
    </promptContext.Provider>
  );
});

/** The question ("Want to explore “{topic}”?"); names the group. */
export const RabbitholePromptMessage = /* @__PURE__ */ forwardRef<
  HTMLParagraphElement,
  PrimitiveProps<'p'>
>(function RabbitholePromptMessage({ children, ...props }, ref) {
  const { prompt, messageId, labels } = useRequiredContext(
    promptContext,
    'RabbitholePrompt.Message',
  );
  return (
    <Primitive.p {...props} id={messageId} ref={ref}>
      {children ?? labels.message(prompt)}
    </Primitive.p>
  );
});

/** Accepts the prompt (`enterRabbithole`); focus moves to the answer box. */
export const RabbitholePromptExplore = /* @__PURE__ */ forwardRef<
  HTMLButtonElement,
  PrimitiveProps<'button'>
>(function RabbitholePromptExplore({ children, onClick, ...props }, ref) {
  const { labels } = useRequiredContext(promptContext, 'RabbitholePrompt.Explore');
  const { actions, answerFocus } = useRecallContext('RabbitholePrompt.Explore');
  return (
    <Primitive.button
      type="button"
      {...props}
      onClick={composeEventHandlers(onClick, () => {
        actions.enterRabbithole();
        answerFocus.focus();
      })}
      ref={ref}
    >
      {children ?? labels.explore}
    </Primitive.button>
  );
});

/** Declines the prompt (`declineRabbithole`); focus moves to the answer box. */
export const RabbitholePromptDecline = /* @__PURE__ */ forwardRef<
  HTMLButtonElement,
  PrimitiveProps<'button'>
>(function RabbitholePromptDecline({ children, onClick, ...props }, ref) {
  const { labels } = useRequiredContext(promptContext, 'RabbitholePrompt.Decline');
  const { actions, answerFocus } = useRecallContext('RabbitholePrompt.Decline');
  return (
    <Primitive.button
      type="button"
      {...props}
      onClick={composeEventHandlers(onClick, () => {
        actions.declineRabbithole();
        answerFocus.focus();
      })}
      ref={ref}
    >
      {children ?? labels.decline}
    </Primitive.button>
  );
});
