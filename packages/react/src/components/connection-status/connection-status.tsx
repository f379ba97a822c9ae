import type { RecallClientSnapshot, WireError } from '@recall/ws';
import { selectMessages } from '../../selectors/messages';
import { forwardRef, useMemo } from 'react';
import { assertNever } from '../../internal/assert-never';
import { composeEventHandlers } from '../../internal/compose-event-handlers';
import { createRequiredContext, useRequiredContext } from '../../internal/primitive';
import { Primitive, type PrimitiveProps } from '../../internal/primitive';
import { shallowEqual } from '../../internal/shallow-equal';
import { useRecallContext } from '../../provider/recall-provider';
import { useSnapshotSelector } from '../../provider/recall-provider';

/** What the status shows, most urgent first. */
export type ConnectionStatusState =
  | 'error'
  | 'reconnecting'
  | 'disconnected'
  | 'connecting'
  | 'paused'
  | 'completed'
  | 'connected';

/** Every string the status shows; replace any of them. */
export interface ConnectionStatusLabels {
  /** The text for each state; `error` receives the server's error. */
  message: (state: ConnectionStatusState, error: WireError | null) => string;
  /** @default 'Retry' */
  retry: string;
}

const DEFAULT_LABELS: ConnectionStatusLabels = {
  message: (state, error) => {
    switch (state) {
      case 'error':
        return error ? `${error.message} (${error.code})` : 'Something went wrong.';
      case 'reconnecting':
        return 'Connection lost. Reconnecting…';
      case 'disconnected':
        return 'Disconnected.';
      case 'connecting':
        return 'Connecting…';
      case 'paused':
        return 'Session paused. You can resume it later.';
      case 'completed':
        return 'Session complete.';
      case 'connected':
        return '';
      default:
        return assertNever(state, 'connection status');
    }
  },
  retry: 'Retry',
};

interface StatusSelection {
  state: ConnectionStatusState;
  error: WireError | null;
}

function selectStatus(snapshot: RecallClientSnapshot): StatusSelection {
  const { connection, status, lastError } = snapshot;
  const last = selectMessages(snapshot).at(-1);
  // A server error stays in state; show it while its effect (a failed or cut-off message)
  // is the latest thing on screen, or when it stopped the session.
  const errorShowing =
    status === 'error' || last?.status === 'failed' || last?.status === 'interrupted';
  const error = errorShowing ? (last?.error ?? lastError) : null;
  if (error !== null) return { state: 'error', error };
  if (status === 'completed') return { state: 'completed', error: null };
  if (connection === 'reconnecting') return { state: 'reconnecting', error: null };
  if (connection === 'closed') return { state: 'disconnected', error: null };
  if (status === 'paused') return { state: 'paused', error: null };
  if (connection !== 'open' || status === 'connecting') {
    return { state: 'connecting', error: null };
  }
  return { state: 'connected', error: null };
}

interface StatusContextValue extends StatusSelection {
  labels: ConnectionStatusLabels;
}

const statusContext =
  /* @__PURE__ */ createRequiredContext<StatusContextValue>('ConnectionStatus.Root');

/** Props of `ConnectionStatus.Root`. */
export interface ConnectionStatusRootProps extends PrimitiveProps<'div'> {
  labels?: Partial<ConnectionStatusLabels>;
}

/**
 * The connection and session health as a polite status: reconnecting, paused, the server's
 * error (its message and code, never a generic "an error occurred"), with a Retry button
 * where retrying can help. `data-state` is a {@link ConnectionStatusState}. Renders the
 * message and the button when given no children.
 */
export const ConnectionStatusRoot = /* @__PURE__ */ forwardRef<
  HTMLDivElement,
  ConnectionStatusRootProps
>(function ConnectionStatusRoot({ labels, children, ...props }, ref) {
  const selection = useSnapshotSelector('ConnectionStatus.Root', selectStatus, shallowEqual);
  const mergedLabels = useMemo(() => ({ ...DEFAULT_LABELS, ...labels }), [labels]);
  const value = useMemo(() => ({ ...selection, labels: mergedLabels }), [selection, mergedLabels]);
  return (
    <statusContext.Provider value={value}>
      <Primitive.div role="status" data-state={selection.state} {...props} ref={ref}>
        {children ?? (
          <>
            <ConnectionStatusMessage />
            <ConnectionStatusRetry />
          </>
        )}
      </Primitive.div>
    </statusContext.Provider>
  );
});

/** The status text (empty while connected). */
export const ConnectionStatusMessage = /* @__PURE__ */ forwardRef<
  HTMLSpanElement,
  PrimitiveProps<'span'>
>(function ConnectionStatusMessage({ children, ...props }, ref) {
  const { state, error, labels } = useRequiredContext(statusContext, 'ConnectionStatus.Message');
  return (
    <Primitive.span {...props} ref={ref}>
      {children ?? labels.message(state, error)}
    </Primitive.span>
  );
});

const RETRYABLE_STATES: ReadonlySet<ConnectionStatusState> = /* @__PURE__ */ new Set([
  'error',
  'reconnecting',
  'disconnected',
]);

/** Reconnects now and resends what failed (`retry`); rendered only when that can help. */
export const ConnectionStatusRetry = /* @__PURE__ */ forwardRef<
  HTMLButtonElement,
  PrimitiveProps<'button'>
>(function ConnectionStatusRetry({ children, onClick, ...props }, ref) {
  const { state, labels } = useRequiredContext(statusContext, 'ConnectionStatus.Retry');
  const { actions } = useRecallContext('ConnectionStatus.Retry');
  if (!RETRYABLE_STATES.has(state)) return null;
  return (
    <Primitive.button
      type="button"
      {...props}
      onClick={composeEventHandlers(onClick, actions.retry)}
      ref={ref}
    >
      {children ?? labels.retry}
    </Primitive.button>
  );
});
