export {
  ComposerRoot as Root,
  ComposerInput as Input,
  ComposerSubmit as Submit,
  ComposerDisabledReason as DisabledReason,
} from './composer';
