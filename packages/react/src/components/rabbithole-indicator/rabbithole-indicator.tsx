import type { RecallClientSnapshot } from '@recall/ws';
import { selectRabbithole } from '../../selectors/rabbithole';
import { forwardRef, useMemo } from 'react';
import { composeEventHandlers } from '../../internal/compose-event-handlers';
import { createRequiredContext, useRequiredContext } from '../../internal/primitive';
import { Primitive, type PrimitiveProps } from '../../internal/primitive';
import { useRecallContext } from '../../provider/recall-provider';
import { useSnapshotSelector } from '../../provider/recall-provider';

/** Every string the indicator shows; replace any of them. */
export interface RabbitholeIndicatorLabels {
  /** @default 'Exploring: {topic}' */
  topic: (topic: string) => string;
  /** @default 'Return to session' */
  return: string;
}

const DEFAULT_LABELS: RabbitholeIndicatorLabels = {
  topic: (topic) => `Exploring: ${topic}`,
  return: 'Return to session',
};

interface IndicatorContextValue {
  topic: string;
  labels: RabbitholeIndicatorLabels;
}

const indicatorContext = /* @__PURE__ */ createRequiredContext<IndicatorContextValue>(
  'RabbitholeIndicator.Root',
);

const selectTopic = (snapshot: RecallClientSnapshot) => {
  const { isInRabbithole, rabbitholeTopic } = selectRabbithole(snapshot);
  return isInRabbithole ? (rabbitholeTopic ?? '') : null;
};

/** Props of `RabbitholeIndicator.Root`. */
export interface RabbitholeIndicatorRootProps extends PrimitiveProps<'div'> {
  labels?: Partial<RabbitholeIndicatorLabels>;
}

/**
 * Shown while in a rabbit hole: "Exploring: {topic}" and "Return to session". Renders
 * nothing otherwise; renders every part when given no children.
 */
export const RabbitholeIndicatorRoot = /* @__PURE__ */ forwardRef<
  HTMLDivElement,
  RabbitholeIndicatorRootProps
>(function RabbitholeIndicatorRoot({ labels, children, ...props }, ref) {
  const topic = useSnapshotSelector('RabbitholeIndicator.Root', selectTopic);
  const mergedLabels = useMemo(() => ({ ...DEFAULT_LABELS, ...labels }), [labels]);
  const value = useMemo(
    () => (topic === null ? null : { topic, labels: mergedLabels }),
    [topic, mergedLabels],
  );
  if (value === null) return null;
  return (
    <indicatorContext.Provider value={value}>
      <Primitive.div role="status" data-state="active" {...props} ref={ref}>
        {children ?? (
          <>
            <RabbitholeIndicatorTopic />
            <RabbitholeIndicatorReturn />
          </>
        )}
      </Primitive.div>
    </indicatorContext.Provider>
  );
});

/** "Exploring: {topic}". */
export const RabbitholeIndicatorTopic = /* @__PURE__ */ forwardRef<
  HTMLSpanElement,
  PrimitiveProps<'span'>
>(function RabbitholeIndicatorTopic({ children, ...props }, ref) {
  const { topic, labels } = useRequiredContext(indicatorContext, 'RabbitholeIndicator.Topic');
  return (
    <Primitive.span {...props} ref={ref}>
      {children ?? labels.topic(topic)}
    </Primitive.span>
  );
});

/** Returns to the session (`exitRabbithole`); focus moves to the answer box. */
export const RabbitholeIndicatorReturn = /* @__PURE__ */ forwardRef<
  HTMLButtonElement,
  PrimitiveProps<'button'>
>(function RabbitholeIndicatorReturn({ children, onClick, ...props }, ref) {
  const { labels } = useRequiredContext(indicatorContext, 'RabbitholeIndicator.Return');
  const { actions, answerFocus } = useRecallContext('RabbitholeIndicator.Return');
  return (
    <Primitive.button
      type="button"
      {...props}
      onClick={composeEventHandlers(onClick, () => {
        actions.exitRabbithole();
        answerFocus.focus();
      })}
      ref={ref}
    >
      {children ?? labels.return}
    </Primitive.button>
  );
});
