export {
  NearMissHintRoot as Root,
  NearMissHintText as Text,
  NearMissHintDismiss as Dismiss,
} from './near-miss-hint';
export type {
  NearMissHintLabels as Labels,
  NearMissHintRootProps as RootProps,
} from './near-miss-hint';
