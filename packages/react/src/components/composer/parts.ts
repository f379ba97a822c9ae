export {
  ComposerRoot as Root,
  ComposerInput as Input,
  ComposerSubmit as Submit,
  ComposerDisabledReason as DisabledReason,
} from './composer';
export type {
  ComposerLabels as Labels,
  ComposerRootProps as RootProps,
  ComposerInputProps as InputProps,
} from './composer';
export type { ComposerAvailability as Availability } from './composer-availability';
