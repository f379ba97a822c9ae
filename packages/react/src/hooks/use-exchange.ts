import { shallowEqual } from '../internal/shallow-equal';
import { type Exchange, selectExchange } from '../selectors/exchange';
import { useSnapshotSelector } from '../provider/recall-provider';

/**
 * The current exchange only — the agent's text and the learner's text while it waits — for
 * one-question-at-a-time screens; the full history stays in the session state. Follows the
 * throttled subscription.
 */
export function useExchange(): Exchange {
  return useSnapshotSelector('useExchange', selectExchange, shallowEqual, 'stream');
}
