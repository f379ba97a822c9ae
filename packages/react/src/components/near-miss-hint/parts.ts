export {
  NearMissHintRoot as Root,
  NearMissHintText as Text,
  NearMissHintDismiss as Dismiss,
} from './near-miss-hint';
