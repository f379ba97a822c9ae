import type { RecallPoint, RecallSet } from '../model/recall-set';

// Prompts name points by short labels (P1, P2, …) instead of their ids: the labels follow the
// set's position order, so they stay the same from turn to turn unless the set itself changes,
// and they cost a few bytes in the per-turn notes where a UUID costs 36.

/** A recall point with the label the tutor prompts use for it. */
export interface LabelledPoint {
  label: string;
  point: RecallPoint;
}

/** The set's points in position order, labelled `P1`…`Pn`. */
export function labelPoints(recallSet: RecallSet): LabelledPoint[] {
  return [...recallSet.points]
    .sort((a, b) => a.position - b.position)
    .map((point, index) => ({ label: `P${index + 1}`, point }));
}

/** Point id → label, for the set's current points. */
export function pointLabelsById(recallSet: RecallSet): Map<string, string> {
  return new Map(labelPoints(recallSet).map(({ label, point }) => [point.id, label]));
}
