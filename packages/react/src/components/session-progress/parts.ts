export {
  SessionProgressRoot as Root,
  SessionProgressItems as Items,
  SessionProgressItem as Item,
  SessionProgressCount as Count,
  SessionProgressTimer as Timer,
  SessionProgressRabbitholeLabels as RabbitholeLabels,
  SessionProgressMuteToggle as MuteToggle,
} from './session-progress';
