import type { TimelineNearMiss as NearMiss } from '@recall/core';
import type { RecallClientSnapshot } from '@recall/ws';
import { forwardRef, useMemo, useState } from 'react';
import { composeEventHandlers } from '../../internal/compose-event-handlers';
import { createRequiredContext, useRequiredContext } from '../../internal/create-required-context';
import { Primitive, type PrimitiveProps } from '../../internal/primitive';
import { shallowEqual } from '../../internal/shallow-equal';
import { useSnapshotSelector } from '../../hooks/use-snapshot-selector';

/** Every string the hint shows; replace any of them. */
export interface NearMissHintLabels {
  /** @default the feedback itself */
  hint: (nearMiss: NearMiss) => string;
  /** @default 'Dismiss' */
  dismiss: string;
}

const DEFAULT_LABELS: NearMissHintLabels = {
  hint: (nearMiss) => nearMiss.feedback,
  dismiss: 'Dismiss',
};

interface HintContextValue {
  nearMiss: NearMiss;
  dismiss(): void;
  labels: NearMissHintLabels;
}

const hintContext = /* @__PURE__ */ createRequiredContext<HintContextValue>('NearMissHint.Root');

// The latest near miss, with how many there were (a dismissal hides up to that count).
const selectLatest = ({ timeline, session }: RecallClientSnapshot) => {
  const nearMisses = timeline.filter((item): item is NearMiss => item.kind === 'near_miss');
  const nearMiss = nearMisses.at(-1) ?? null;
  const recalled = nearMiss !== null && session.recalledPointIds.includes(nearMiss.pointId);
  return { nearMiss: recalled ? null : nearMiss, count: nearMisses.length };
};

/** Props of `NearMissHint.Root`. */
export interface NearMissHintRootProps extends PrimitiveProps<'div'> {
  labels?: Partial<NearMissHintLabels>;
}

/**
 * Feedback on the point the learner nearly recalled (the latest near miss), as a polite
 * status. Hidden once dismissed, or once that point is recalled; a new near miss shows
 * again. Renders the text and a dismiss button when given no children.
 */
export const NearMissHintRoot = /* @__PURE__ */ forwardRef<HTMLDivElement, NearMissHintRootProps>(
  function NearMissHintRoot({ labels, children, ...props }, ref) {
    const latest = useSnapshotSelector('NearMissHint.Root', selectLatest, shallowEqual);
    const [dismissedCount, setDismissedCount] = useState(0);
    const mergedLabels = useMemo(() => ({ ...DEFAULT_LABELS, ...labels }), [labels]);
    const { nearMiss, count } = latest;
    const visible = nearMiss !== null && count > dismissedCount;
    const value = useMemo(
      () =>
        nearMiss === null
          ? null
          : { nearMiss, dismiss: () => setDismissedCount(count), labels: mergedLabels },
      [nearMiss, count, mergedLabels],
    );
    if (!visible || value === null) return null;
    return (
      <hintContext.Provider value={value}>
        <Primitive.div
          role="status"
          data-state="visible"
          data-point-id={value.nearMiss.pointId}
          {...props}
          ref={ref}
        >
          {children ?? (
            <>
              <NearMissHintText />
              <NearMissHintDismiss />
            </>
          )}
        </Primitive.div>
      </hintContext.Provider>
    );
  },
);

/** The feedback text. */
export const NearMissHintText = /* @__PURE__ */ forwardRef<
  HTMLParagraphElement,
  PrimitiveProps<'p'>
>(function NearMissHintText({ children, ...props }, ref) {
  const { nearMiss, labels } = useRequiredContext(hintContext, 'NearMissHint.Text');
  return (
    <Primitive.p {...props} ref={ref}>
      {children ?? labels.hint(nearMiss)}
    </Primitive.p>
  );
});

/** Hides the hint until the next near miss. */
export const NearMissHintDismiss = /* @__PURE__ */ forwardRef<
  HTMLButtonElement,
  PrimitiveProps<'button'>
>(function NearMissHintDismiss({ children, onClick, ...props }, ref) {
  const { dismiss, labels } = useRequiredContext(hintContext, 'NearMissHint.Dismiss');
  return (
    <Primitive.button
      type="button"
      {...props}
      onClick={composeEventHandlers(onClick, dismiss)}
      ref={ref}
    >
      {children ?? labels.dismiss}
    </Primitive.button>
  );
});
