import type { RecallClientSnapshot } from '@recall/ws';
import { forwardRef } from 'react';
import { composeEventHandlers } from '../../internal/compose-event-handlers';
import { Primitive, type PrimitiveProps } from '../../internal/primitive';
import { useRecallContext } from '../../provider/recall-provider';
import { useSnapshotSelector } from '../../provider/recall-provider';

/** Props of `SessionControls.Root`. */
export interface SessionControlsRootProps extends PrimitiveProps<'div'> {
  /** The group's accessible name. @default 'Session controls' */
  label?: string;
}

/**
 * The session's controls: only "Leave Session". There is no "I've got it" button — the
 * agent decides when a point is recalled. Renders the leave button when given no children.
 */
export const SessionControlsRoot = /* @__PURE__ */ forwardRef<
  HTMLDivElement,
  SessionControlsRootProps
>(function SessionControlsRoot({ label = 'Session controls', children, ...props }, ref) {
  useRecallContext('SessionControls.Root');
  return (
    <Primitive.div role="group" aria-label={label} {...props} ref={ref}>
      {children ?? <SessionControlsLeave />}
    </Primitive.div>
  );
});

const selectEnded = ({ status }: RecallClientSnapshot) => status === 'completed';

/** Leaves the session (`leaveSession`); disabled once it is completed. */
export const SessionControlsLeave = /* @__PURE__ */ forwardRef<
  HTMLButtonElement,
  PrimitiveProps<'button'>
>(function SessionControlsLeave({ children, onClick, ...props }, ref) {
  const { actions } = useRecallContext('SessionControls.Leave');
  const ended = useSnapshotSelector('SessionControls.Leave', selectEnded);
  return (
    <Primitive.button
      type="button"
      disabled={ended}
      {...props}
      onClick={composeEventHandlers(onClick, actions.leaveSession)}
      ref={ref}
    >
      {children ?? 'Leave Session'}
    </Primitive.button>
  );
});
