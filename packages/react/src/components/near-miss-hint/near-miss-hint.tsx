import type { TimelineNearMiss as NearMiss } from '@recall/core/view';
import type { RecallClientSnapshot } from '@recall/ws';
import { forwardRef, useMemo, useState } from 'react';
import { composeEventHandlers } from '../../internal/compose-event-handlers';
import { createRequiredContext, useRequiredContext } from '../../internal/primitive';
import { Primitive, type PrimitiveProps } from '../../internal/primitive';
import { useSnapshotSelector } from '../../provider/recall-provider';

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

// The hint the log says to show (the fold ends it at the learner's next message, a rabbit
// hole, the point's recall or the session's end).
const selectNearMiss = ({ session }: RecallClientSnapshot) => session.nearMiss;

/** Props of `NearMissHint.Root`. */
export interface NearMissHintRootProps extends PrimitiveProps<'div'> {
  labels?: Partial<NearMissHintLabels>;
}

/**
 * Feedback on the point the learner nearly recalled (the latest near miss), as a polite
 * status. It shows until the learner's next message or entering a rabbit hole (or the
 * point's recall, or the session's end), as the log says (`session.nearMiss`), so a reload
 * shows the same; dismissing hides it here until the next near miss. Renders the text and a
 * dismiss button when given no children.
 */
export const NearMissHintRoot = /* @__PURE__ */ forwardRef<HTMLDivElement, NearMissHintRootProps>(
  function NearMissHintRoot({ labels, children, ...props }, ref) {
    const nearMiss = useSnapshotSelector('NearMissHint.Root', selectNearMiss);
    const [dismissedId, setDismissedId] = useState<string | null>(null);
    const mergedLabels = useMemo(() => ({ ...DEFAULT_LABELS, ...labels }), [labels]);
    const value = useMemo(
      () =>
        nearMiss === null
          ? null
          : { nearMiss, dismiss: () => setDismissedId(nearMiss.id), labels: mergedLabels },
      [nearMiss, mergedLabels],
    );
    if (value === null || value.nearMiss.id === dismissedId) return null;
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
