import type { CompletionOverlayData } from '@recall/core/view';
import type { RecallClientSnapshot } from '@recall/ws';
import { forwardRef, useId, useMemo, useRef } from 'react';
import { composeEventHandlers } from '../../internal/compose-event-handlers';
import { useComposedRefs } from '../../internal/compose-refs';
import { createRequiredContext, useRequiredContext } from '../../internal/primitive';
import { Primitive, type PrimitiveProps } from '../../internal/primitive';
import { useRecallContext } from '../../provider/recall-provider';
import { useSnapshotSelector } from '../../provider/recall-provider';
import { useFocusTrap } from './use-focus-trap';

/** Every string the overlay shows; replace any of them. */
export interface CompletionOverlayLabels {
  /** @default 'Session complete' */
  title: string;
  /** @default 'Continue' */
  continue: string;
  /** @default 'Done' */
  done: string;
}

const DEFAULT_LABELS: CompletionOverlayLabels = {
  title: 'Session complete',
  continue: 'Continue',
  done: 'Done',
};

interface OverlayContextValue {
  overlay: CompletionOverlayData;
  titleId: string;
  messageId: string;
  labels: CompletionOverlayLabels;
}

const overlayContext =
  /* @__PURE__ */ createRequiredContext<OverlayContextValue>('CompletionOverlay.Root');

const selectOverlay = ({ completionOverlay }: RecallClientSnapshot) => completionOverlay;

/** Props of `CompletionOverlay.Root`. */
export interface CompletionOverlayRootProps extends PrimitiveProps<'div'> {
  labels?: Partial<CompletionOverlayLabels>;
}

/**
 * The "everything recalled" dialog: its message, Continue (`dismissOverlay`) and Done
 * (`leaveSession`). Open while the state has an overlay (one that arrives inside a rabbit
 * hole waits for the return). Modal: focus moves in and is trapped, Escape continues, and
 * on close focus goes to the answer box (`Composer.Input`), else back where it was. Renders every part when given no children.
 */
export const CompletionOverlayRoot = /* @__PURE__ */ forwardRef<
  HTMLDivElement,
  CompletionOverlayRootProps
>(function CompletionOverlayRoot({ labels, children, onKeyDown, ...props }, forwardedRef) {
  const overlay = useSnapshotSelector('CompletionOverlay.Root', selectOverlay);
  const { actions } = useRecallContext('CompletionOverlay.Root');
  const titleId = useId();
  const messageId = useId();
  const mergedLabels = useMemo(() => ({ ...DEFAULT_LABELS, ...labels }), [labels]);
  const value = useMemo(
    () => (overlay === null ? null : { overlay, titleId, messageId, labels: mergedLabels }),
    [overlay, titleId, messageId, mergedLabels],
  );
  if (value === null) return null;
  return (
    <overlayContext.Provider value={value}>
      <CompletionOverlayDialog
        {...props}
        ref={forwardedRef}
        onKeyDown={composeEventHandlers(onKeyDown, (event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          actions.dismissOverlay();
        })}
      >
        {children ?? (
          <>
            <CompletionOverlayTitle />
            <CompletionOverlayMessage />
            <CompletionOverlayContinue />
            <CompletionOverlayDone />
          </>
        )}
      </CompletionOverlayDialog>
    </overlayContext.Provider>
  );
});

// Mounted only while open, so the focus trap's mount and unmount are the open and close.
const CompletionOverlayDialog = /* @__PURE__ */ forwardRef<HTMLDivElement, PrimitiveProps<'div'>>(
  function CompletionOverlayDialog({ onKeyDown, ...props }, forwardedRef) {
    const { titleId, messageId } = useRequiredContext(overlayContext, 'CompletionOverlay.Root');
    const { answerFocus } = useRecallContext('CompletionOverlay.Root');
    const containerRef = useRef<HTMLDivElement>(null);
    const ref = useComposedRefs(containerRef, forwardedRef);
    // On close the learner goes on typing: focus goes to the answer box when there is one.
    const trapTab = useFocusTrap(containerRef, answerFocus.target);
    return (
      <Primitive.div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        tabIndex={-1}
        data-state="open"
        {...props}
        onKeyDown={composeEventHandlers(onKeyDown, trapTab)}
        ref={ref}
      />
    );
  },
);

/** The dialog's title ("Session complete"). */
export const CompletionOverlayTitle = /* @__PURE__ */ forwardRef<
  HTMLHeadingElement,
  PrimitiveProps<'h2'>
>(function CompletionOverlayTitle({ children, ...props }, ref) {
  const { titleId, labels } = useRequiredContext(overlayContext, 'CompletionOverlay.Title');
  return (
    <Primitive.h2 {...props} id={titleId} ref={ref}>
      {children ?? labels.title}
    </Primitive.h2>
  );
});

/** The overlay's message, from the server. */
export const CompletionOverlayMessage = /* @__PURE__ */ forwardRef<
  HTMLParagraphElement,
  PrimitiveProps<'p'>
>(function CompletionOverlayMessage({ children, ...props }, ref) {
  const { overlay, messageId } = useRequiredContext(overlayContext, 'CompletionOverlay.Message');
  return (
    <Primitive.p {...props} id={messageId} ref={ref}>
      {children ?? overlay.message}
    </Primitive.p>
  );
});

/** Closes the overlay and keeps talking (`dismissOverlay`). */
export const CompletionOverlayContinue = /* @__PURE__ */ forwardRef<
  HTMLButtonElement,
  PrimitiveProps<'button'>
>(function CompletionOverlayContinue({ children, onClick, ...props }, ref) {
  const { labels } = useRequiredContext(overlayContext, 'CompletionOverlay.Continue');
  const { actions } = useRecallContext('CompletionOverlay.Continue');
  return (
    <Primitive.button
      type="button"
      {...props}
      onClick={composeEventHandlers(onClick, actions.dismissOverlay)}
      ref={ref}
    >
      {children ?? labels.continue}
    </Primitive.button>
  );
});

/** Finishes the session (`leaveSession`). */
export const CompletionOverlayDone = /* @__PURE__ */ forwardRef<
  HTMLButtonElement,
  PrimitiveProps<'button'>
>(function CompletionOverlayDone({ children, onClick, ...props }, ref) {
  const { labels } = useRequiredContext(overlayContext, 'CompletionOverlay.Done');
  const { actions } = useRecallContext('CompletionOverlay.Done');
  return (
    <Primitive.button
      type="button"
      {...props}
      onClick={composeEventHandlers(onClick, actions.leaveSession)}
      ref={ref}
    >
      {children ?? labels.done}
    </Primitive.button>
  );
});
