import type { NewSessionEvent } from '../events/envelope';
import type { EventContext } from './turn';
import { exposure } from '../text/exposure';
import { keyTerms, splitSentences } from '../text/lexical';
import type { RecallPoint, RecallSet, Resource } from '../model/recall-set';
import type { Detection } from '../prompts/detector-prompt';
import type { PointVerdict } from '../prompts/evaluator-prompt';
import { isChecklistComplete, recalledCount, resourceGate } from '../session/checklist';
import { normalizeTopic, shortLabel } from '../session/rabbithole-topic';
import type { EngineSessionState } from '../session/session-state';
import { activeDurationMs } from '../session/view/reduce-session-view';
import type { EngineConfig } from './engine-config';
import type { EngineRuntime } from './runtime';
import { isRightSoFar, nearMissFeedback } from './near-miss-feedback';

/** The overlay text: the UI, not the tutor, announces completion. */
export const COMPLETE_OVERLAY_MESSAGE =
  "You've recalled every point in this session. Keep talking or leave whenever you like.";

/** Options for {@link buildRecallEvents}. */
export interface RecallEventsOptions {
  verdicts: readonly PointVerdict[];
  recallSet: RecallSet;
  config: EngineConfig;
  now: number;
  /** The learner message the verdicts judge (its words are never an answer given away). */
  learnerMessage: string;
}

/**
 * Turns the evaluator's verdicts into events against the current state: for each newly
 * recalled point `recall_point_recalled` then the resources it unlocks — linked to it, not
 * shown yet this session, and with every linked point of this session now recalled
 * (`show_image` / `show_resource`, each resource once); in recall mode, for each confident
 * near miss on an answer right as far as it goes ({@link isRightSoFar}: never a wrong or
 * negated one) one `recall_point_near_miss` with learner-safe feedback (see
 * {@link nearMissFeedback}) — inside a rabbit hole the recall flow stays silent; and the
 * completion overlay when the last point fell in recall mode (inside a rabbit hole the
 * reducer defers it until exit). Credits are taken as given: ground them first.
 */
export function buildRecallEvents(
  context: EventContext,
  state: EngineSessionState,
  options: RecallEventsOptions,
): NewSessionEvent[] {
  const { config, recallSet } = options;
  const events: NewSessionEvent[] = [];
  const seen = new Set<string>();
  const totalPoints = state.targetPointIds.length;
  let recalled = recalledCount(state);
  const checklist = { ...state.checklist };
  const shown = new Set(state.shownResourceIds);
  for (const verdict of options.verdicts) {
    if (seen.has(verdict.pointId) || checklist[verdict.pointId] !== 'pending') continue;
    seen.add(verdict.pointId);
    if (verdict.recalled && verdict.certainty >= config.recallCertainty) {
      checklist[verdict.pointId] = 'recalled';
      const point = recallSet.points.find((candidate) => candidate.id === verdict.pointId);
      events.push(
        context.build('recall_point_recalled', {
          pointId: verdict.pointId,
          pointIndex: recalled,
          recalledCount: recalled + 1,
          totalPoints,
          ...(point === undefined ? {} : pointExposure(state, point.content)),
        }),
      );
      recalled += 1;
      if (point !== undefined) {
        const gate = { targetPointIds: state.targetPointIds, checklist };
        events.push(...buildResourceEvents(context, { recallSet, point, config, shown, gate }));
      }
    } else if (
      verdict.nearMiss &&
      verdict.certainty >= config.nearMissCertainty &&
      state.mode === 'recall'
    ) {
      const point = recallSet.points.find((candidate) => candidate.id === verdict.pointId);
      const rightSoFar =
        point !== undefined &&
        isRightSoFar({
          learnerMessage: options.learnerMessage,
          content: point.content,
          context: point.context,
          shownBefore: state.shown.at(-1)?.text ?? '',
          creditedElsewhere: creditedTexts(options.verdicts, recallSet, config),
        });
      // A wrong or negated answer gets no near miss (and no feedback that could correct it).
      if (!rightSoFar) continue;
      events.push(
        context.build('recall_point_near_miss', {
          pointId: verdict.pointId,
          feedback: nearMissFeedback({
            missing: verdict.missing,
            content: point?.content,
            learnerMessage: options.learnerMessage,
          }),
        }),
      );
    }
  }
  const completes =
    recalled > recalledCount(state) &&
    isChecklistComplete({ targetPointIds: state.targetPointIds, checklist }) &&
    state.mode === 'recall' &&
    state.overlay === 'none';
  if (completes) {
    events.push(
      context.build('session_complete_overlay', {
        message: COMPLETE_OVERLAY_MESSAGE,
        recalledCount: recalled,
        totalPoints,
        durationMs: activeDurationMs(state, options.now),
      }),
    );
  }
  return events;
}

/** The contents of the points the verdicts credit (their words are about those points). */
function creditedTexts(
  verdicts: readonly PointVerdict[],
  recallSet: RecallSet,
  config: EngineConfig,
): string[] {
  return verdicts.flatMap((verdict) => {
    if (!verdict.recalled || verdict.certainty < config.recallCertainty) return [];
    const point = recallSet.points.find((candidate) => candidate.id === verdict.pointId);
    return point === undefined ? [] : [point.content];
  });
}

/**
 * How much of a point the session showed since its last start or resume: its exposure (every
 * text shown) and its peak (the most one tutor reply showed), each rounded to 3 places.
 */
export function pointExposure(
  state: Pick<EngineSessionState, 'shown' | 'exposureFrom'>,
  pointText: string,
): { exposure: number; peakExposure: number } {
  const since = state.shown.slice(state.exposureFrom);
  const round = (share: number) => Math.round(share * 1000) / 1000;
  const peak = Math.max(
    0,
    ...since
      .filter((item) => item.source === 'tutor')
      .map((item) => exposure(pointText, [item.text])),
  );
  return {
    exposure: round(
      exposure(
        pointText,
        since.map((item) => item.text),
      ),
    ),
    peakExposure: round(peak),
  };
}

/** The completion overlay (used when a deferred completion is shown on rabbit-hole exit). */
export function buildOverlayEvent(
  context: EventContext,
  state: EngineSessionState,
  now: number,
): NewSessionEvent {
  return context.build('session_complete_overlay', {
    message: COMPLETE_OVERLAY_MESSAGE,
    recalledCount: recalledCount(state),
    totalPoints: state.targetPointIds.length,
    durationMs: activeDurationMs(state, now),
  });
}

/** The point's linked resources not in `shown` that `gate` unlocks (added to `shown`). */
function buildResourceEvents(
  context: EventContext,
  options: {
    recallSet: RecallSet;
    point: RecallPoint;
    config: EngineConfig;
    shown: Set<string>;
    gate: Pick<EngineSessionState, 'targetPointIds' | 'checklist'>;
  },
): NewSessionEvent[] {
  const { point, config, shown, gate } = options;
  const resources = options.recallSet.resources.filter(
    (resource) =>
      !shown.has(resource.id) &&
      resource.links.some((link) => link.pointId === point.id) &&
      resourceGate(resource, gate) === 'unlocked',
  );
  for (const resource of resources) shown.add(resource.id);
  return resources.map((resource) =>
    resource.kind === 'image'
      ? context.build('show_image', {
          resourceId: resource.id,
          url: resource.url,
          ...(resource.caption === undefined ? {} : { caption: resource.caption }),
          ...(resource.mimeType === undefined ? {} : { mimeType: resource.mimeType }),
        })
      : context.build('show_resource', {
          resourceId: resource.id,
          title: resource.title,
          snippet: resourceSnippet(resource, point, config.snippetLength),
        }),
  );
}

/**
 * The passage sentence sharing the most key terms with the point (the first sentence when
 * none does), cut at a word boundary to at most `maxLength` characters.
 */
export function resourceSnippet(
  resource: Extract<Resource, { kind: 'text' }>,
  point: RecallPoint,
  maxLength: number,
): string {
  const pointStems = new Set(
    keyTerms(`${point.content} ${point.context}`).map((term) => term.stem),
  );
  const sentences = splitSentences(resource.content);
  let best = sentences[0] ?? resource.content;
  let bestScore = 0;
  for (const sentence of sentences) {
    const score = keyTerms(sentence).filter((term) => pointStems.has(term.stem)).length;
    if (score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  if (best.length <= maxLength) return best;
  const cut = best.slice(0, maxLength - 1);
  const boundary = cut.lastIndexOf(' ');
  return `${(boundary > maxLength / 2 ? cut.slice(0, boundary) : cut).trimEnd()}…`;
}

/** A `rabbithole_detected` offer for a confident, new tangent (ends the turn's batch). */
export function offerRabbithole(
  runtime: Pick<EngineRuntime, 'config' | 'ids'>,
  options: {
    context: EventContext;
    state: EngineSessionState;
    detection: Detection;
    trigger: string;
  },
): NewSessionEvent[] {
  const { context, state, detection } = options;
  const topic = detection.topic.trim();
  const offered =
    detection.isRabbithole &&
    detection.certainty >= runtime.config.rabbitholeCertainty &&
    topic !== '' &&
    state.status === 'in_progress' &&
    state.mode === 'recall' &&
    state.pendingRabbithole === null &&
    !state.detectedTopics.includes(normalizeTopic(topic));
  if (!offered) return [];
  return [
    context.build('rabbithole_detected', {
      rabbitholeEventId: runtime.ids(),
      topic,
      label: shortLabel(detection.label) || shortLabel(topic),
      triggerMessageContent: options.trigger,
    }),
  ];
}
