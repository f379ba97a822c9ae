import type { RecallClientSnapshot } from '@recall/ws';
import { type ReactNode, forwardRef, useMemo } from 'react';
import { composeEventHandlers } from '../../internal/compose-event-handlers';
import { createRequiredContext, useRequiredContext } from '../../internal/primitive';
import { Primitive, type PrimitiveProps } from '../../internal/primitive';
import { shallowEqual } from '../../internal/shallow-equal';
import { usePrefersReducedMotion } from '../../internal/use-prefers-reduced-motion';
import { useSnapshotSelector } from '../../provider/recall-provider';
import { type RecallProgress, selectProgress } from '../../selectors/progress';
import { type RecallCueOptions, useRecallCue } from './use-recall-cue';
import { formatElapsed, selectActiveTime, toIsoDuration, useElapsedTime } from './use-elapsed-time';
import { useReplayedCount } from './use-replayed-count';

/** The state of one progress item. */
export type ProgressItemState = 'recalled' | 'pending';

/** Every string `SessionProgress` shows or announces; replace any of them. */
export interface SessionProgressLabels {
  /** @default 'Session progress' */
  root: string;
  /** @default 'Point 2 of 5: recalled' / 'Point 3 of 5: not yet recalled' */
  item: (item: { index: number; totalPoints: number; state: ProgressItemState }) => string;
  /** @default '2 of 5 recalled' */
  count: (recalled: number, totalPoints: number) => string;
  /** @default 'Elapsed time' */
  timer: string;
  /** @default 'Explored topics' */
  rabbitholeLabels: string;
  /** The mute toggle while the cue plays: the action it takes. @default 'Mute recall cue' */
  mute: string;
  /** The mute toggle while the cue is muted: the action it takes. @default 'Unmute recall cue' */
  unmute: string;
}

const DEFAULT_LABELS: SessionProgressLabels = {
  root: 'Session progress',
  item: ({ index, totalPoints, state }) =>
    `Point ${index + 1} of ${totalPoints}: ${state === 'recalled' ? 'recalled' : 'not yet recalled'}`,
  count: (recalled, totalPoints) => `${recalled} of ${totalPoints} recalled`,
  timer: 'Elapsed time',
  rabbitholeLabels: 'Explored topics',
  mute: 'Mute recall cue',
  unmute: 'Unmute recall cue',
};

interface SessionProgressContextValue {
  progress: RecallProgress;
  /** The count on screen: replayed one step at a time after a rabbit hole. */
  shownCount: number;
  elapsedMs: number;
  muted: boolean;
  setMuted(muted: boolean): void;
  labels: SessionProgressLabels;
}

const progressContext =
  /* @__PURE__ */ createRequiredContext<SessionProgressContextValue>('SessionProgress.Root');

/** Props of `SessionProgress.Root`. */
export interface SessionProgressRootProps extends PrimitiveProps<'div'> {
  labels?: Partial<SessionProgressLabels>;
  /**
   * Pause between recalls replayed after a rabbit hole (they fill in at once, with one cue,
   * under `prefers-reduced-motion: reduce`).
   * @default 150
   */
  replayIntervalMs?: number;
  /** The recall cue (vibration by default; sound optional), behind the mute toggle. */
  cue?: RecallCueOptions;
  /**
   * Counts the timer from this instant (epoch ms) instead of the session's stored active time.
   * @deprecated The timer reads the session's start and pauses from its log; leave it unset.
   */
  startedAt?: number;
  /** Keep the bar in the DOM while in a rabbit hole (only `data-state="hidden"`), to animate it. */
  forceMount?: boolean;
}

const selectStatus = ({ status }: RecallClientSnapshot) => status;

/**
 * The progress bar: one anonymous item per point, filled left to right by count (never
 * revealing which topics remain), an elapsed timer, explored rabbit-hole labels and the cue's
 * mute toggle. Hidden while in a rabbit hole. Renders every part when given no children.
 */
export const SessionProgressRoot = /* @__PURE__ */ forwardRef<
  HTMLDivElement,
  SessionProgressRootProps
>(function SessionProgressRoot(
  { labels, replayIntervalMs = 150, cue, startedAt, forceMount, children, ...props },
  ref,
) {
  const progress = useSnapshotSelector('SessionProgress.Root', selectProgress, shallowEqual);
  const status = useSnapshotSelector('SessionProgress.Root', selectStatus);
  const { muted, setMuted, play } = useRecallCue(cue);
  // Each replayed step plays the cue; a resume's jump to its stored count does not.
  // Under `prefers-reduced-motion` held-back recalls fill in at once, with one cue.
  const shownCount = useReplayedCount(progress.displayedRecalledCount, {
    intervalMs: replayIntervalMs,
    active: status === 'active',
    onStep: play,
    instant: usePrefersReducedMotion(),
  });
  const time = useSnapshotSelector('SessionProgress.Root', selectActiveTime, shallowEqual);
  const elapsedMs = useElapsedTime({ time, startedAt, active: status === 'active' });
  const mergedLabels = useMemo(() => ({ ...DEFAULT_LABELS, ...labels }), [labels]);
  const value = useMemo(
    () => ({ progress, shownCount, elapsedMs, muted, setMuted, labels: mergedLabels }),
    [progress, shownCount, elapsedMs, muted, setMuted, mergedLabels],
  );
  const hidden = progress.isInRabbithole;
  if (hidden && !forceMount) return null;
  return (
    <progressContext.Provider value={value}>
      <Primitive.div
        role="group"
        aria-label={mergedLabels.root}
        data-state={hidden ? 'hidden' : 'visible'}
        {...props}
        ref={ref}
      >
        {children ?? (
          <>
            <SessionProgressItems />
            <SessionProgressCount />
            <SessionProgressTimer />
            <SessionProgressRabbitholeLabels />
            <SessionProgressMuteToggle />
          </>
        )}
      </Primitive.div>
    </progressContext.Provider>
  );
});

/** One progress item, as passed to a render function of `SessionProgress.Items`. */
export interface ProgressItem {
  index: number;
  state: ProgressItemState;
}

/** Props of `SessionProgress.Items`. */
export interface SessionProgressItemsProps extends Omit<PrimitiveProps<'ol'>, 'children'> {
  /** Custom items; by default one `SessionProgress.Item` per point. */
  children?: ReactNode | ((item: ProgressItem) => ReactNode);
}

/** The list of items, one per point of the recall set. */
export const SessionProgressItems = /* @__PURE__ */ forwardRef<
  HTMLOListElement,
  SessionProgressItemsProps
>(function SessionProgressItems({ children, ...props }, ref) {
  const { progress, shownCount } = useRequiredContext(progressContext, 'SessionProgress.Items');
  const items = Array.from({ length: progress.totalPoints }, (_, index) => ({
    index,
    state: (index < shownCount ? 'recalled' : 'pending') as ProgressItemState,
  }));
  return (
    <Primitive.ol {...props} ref={ref}>
      {typeof children === 'function'
        ? items.map(children)
        : (children ??
          items.map((item) => <SessionProgressItem key={item.index} index={item.index} />))}
    </Primitive.ol>
  );
});

/** Props of `SessionProgress.Item`. */
export interface SessionProgressItemProps extends PrimitiveProps<'li'> {
  /** The item's position (0 is filled first). */
  index: number;
}

/** One anonymous item: `data-state="recalled"` once the count reaches it, else `"pending"`. */
export const SessionProgressItem = /* @__PURE__ */ forwardRef<
  HTMLLIElement,
  SessionProgressItemProps
>(function SessionProgressItem({ index, ...props }, ref) {
  const { progress, shownCount, labels } = useRequiredContext(
    progressContext,
    'SessionProgress.Item',
  );
  const state: ProgressItemState = index < shownCount ? 'recalled' : 'pending';
  return (
    <Primitive.li
      aria-label={labels.item({ index, totalPoints: progress.totalPoints, state })}
      data-state={state}
      data-index={index}
      {...props}
      ref={ref}
    />
  );
});

/** The count as text ("2 of 5 recalled"); `SessionAnnouncer` announces each recall. */
export const SessionProgressCount = /* @__PURE__ */ forwardRef<
  HTMLSpanElement,
  PrimitiveProps<'span'>
>(function SessionProgressCount({ children, ...props }, ref) {
  const { progress, shownCount, labels } = useRequiredContext(
    progressContext,
    'SessionProgress.Count',
  );
  return (
    <Primitive.span {...props} ref={ref}>
      {children ?? labels.count(shownCount, progress.totalPoints)}
    </Primitive.span>
  );
});

/**
 * The session's active time as `MM:SS`: from its stored start, without the paused stretches
 * (the same after a reload and in a second tab), ticking once a second while it runs, and the
 * summary's duration once it is completed.
 */
export const SessionProgressTimer = /* @__PURE__ */ forwardRef<
  HTMLTimeElement,
  PrimitiveProps<'time'>
>(function SessionProgressTimer({ children, ...props }, ref) {
  const { elapsedMs, labels } = useRequiredContext(progressContext, 'SessionProgress.Timer');
  return (
    <Primitive.time
      role="timer"
      aria-label={labels.timer}
      dateTime={toIsoDuration(elapsedMs)}
      {...props}
      ref={ref}
    >
      {children ?? formatElapsed(elapsedMs)}
    </Primitive.time>
  );
});

/** Props of `SessionProgress.RabbitholeLabels`. */
export interface SessionProgressRabbitholeLabelsProps
  extends Omit<PrimitiveProps<'ul'>, 'children'> {
  /** Custom pills; by default one `<li>` per label. */
  children?: (label: string, index: number) => ReactNode;
}

/** Pills with the labels of the rabbit holes explored so far; nothing when there are none. */
export const SessionProgressRabbitholeLabels = /* @__PURE__ */ forwardRef<
  HTMLUListElement,
  SessionProgressRabbitholeLabelsProps
>(function SessionProgressRabbitholeLabels({ children, ...props }, ref) {
  const { progress, labels } = useRequiredContext(
    progressContext,
    'SessionProgress.RabbitholeLabels',
  );
  if (progress.rabbitholeLabels.length === 0) return null;
  return (
    <Primitive.ul aria-label={labels.rabbitholeLabels} {...props} ref={ref}>
      {progress.rabbitholeLabels.map((label, index) =>
        children ? (
          children(label, index)
        ) : (
          // Labels can repeat; their order never changes, so the index is a stable key.
          // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
          <li key={index} data-part="rabbithole-label">
            {label}
          </li>
        ),
      )}
    </Primitive.ul>
  );
});

/**
 * The one mute toggle of the recall cue (kept in `localStorage`). Its name and text say the
 * action it will take ("Mute recall cue" / "Unmute recall cue"); `data-state` is the state.
 */
export const SessionProgressMuteToggle = /* @__PURE__ */ forwardRef<
  HTMLButtonElement,
  PrimitiveProps<'button'>
>(function SessionProgressMuteToggle({ children, onClick, ...props }, ref) {
  const { muted, setMuted, labels } = useRequiredContext(
    progressContext,
    'SessionProgress.MuteToggle',
  );
  return (
    <Primitive.button
      type="button"
      data-state={muted ? 'muted' : 'unmuted'}
      {...props}
      onClick={composeEventHandlers(onClick, () => setMuted(!muted))}
      ref={ref}
    >
      {children ?? (muted ? labels.unmute : labels.mute)}
    </Primitive.button>
  );
});
