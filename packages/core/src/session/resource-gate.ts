import type { Resource } from '../model/recall-set';
import type { EngineSessionState } from './session-state';

type GateView = Pick<EngineSessionState, 'targetPointIds' | 'checklist'>;

/**
 * Whether a resource may be shown (or given to the rabbit-hole agent) yet. A resource reveals
 * what its linked points say, so it is `locked` until every linked point that is part of this
 * session is recalled (`unlocked`). A resource linked to no point of this session is `free`:
 * it gives nothing of this session away, and no recall ever triggers it.
 */
export type ResourceGate = 'free' | 'locked' | 'unlocked';

/** The gate of `resource` for the session's checklist (see {@link ResourceGate}). */
export function resourceGate(resource: Resource, state: GateView): ResourceGate {
  const gating = resource.links
    .map((link) => link.pointId)
    .filter((pointId) => state.targetPointIds.includes(pointId));
  if (gating.length === 0) return 'free';
  return gating.every((pointId) => state.checklist[pointId] === 'recalled') ? 'unlocked' : 'locked';
}
