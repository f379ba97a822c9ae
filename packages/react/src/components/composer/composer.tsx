import {
  type FormEvent,
  type KeyboardEvent,
  forwardRef,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
} from 'react';
import { composeEventHandlers } from '../../internal/compose-event-handlers';
import { useComposedRefs } from '../../internal/compose-refs';
import { createRequiredContext, useRequiredContext } from '../../internal/primitive';
import { Primitive, type PrimitiveProps } from '../../internal/primitive';
import { useControllableState } from '../../internal/use-controllable-state';
import { useLatest } from '../../internal/use-latest';
import { useRecallContext } from '../../provider/recall-provider';
import { useSnapshotSelector } from '../../provider/recall-provider';
import { type ComposerAvailability, selectComposerAvailability } from './composer-availability';

/** Every string the composer shows or announces; replace any of them. */
export interface ComposerLabels {
  /** The input's accessible name. @default 'Your answer' */
  input: string;
  /** @default 'Type your answer…' */
  placeholder: string;
  /** @default 'Send' */
  submit: string;
  /** Why the composer is disabled, by cause. */
  reasons: Record<Exclude<ComposerAvailability, 'ready'>, string>;
}

const DEFAULT_LABELS: ComposerLabels = {
  input: 'Your answer',
  placeholder: 'Type your answer…',
  submit: 'Send',
  reasons: {
    connecting: 'Connecting to the session…',
    reconnecting: 'Connection lost. Reconnecting…',
    disconnected: 'Disconnected from the session.',
    paused: 'The session is paused.',
    completed: 'The session is complete.',
    error: 'The session stopped because of an error.',
  },
};

interface ComposerContextValue {
  value: string;
  setValue(value: string): void;
  submit(): void;
  availability: ComposerAvailability;
  reasonId: string;
  labels: ComposerLabels;
  declineRabbitholeOnInput: boolean;
}

const composerContext =
  /* @__PURE__ */ createRequiredContext<ComposerContextValue>('Composer.Root');

/** Props of `Composer.Root`. */
export interface ComposerRootProps extends Omit<PrimitiveProps<'form'>, 'defaultValue'> {
  /** The text (controlled). */
  value?: string;
  /** The initial text (uncontrolled). @default '' */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Called after a message was sent, with its text and `clientMessageId`. */
  onSend?: (text: string, clientMessageId: string) => void;
  /**
   * Typing answers a pending rabbit-hole prompt (the learner kept going): it shows as
   * declined while the learner types, and sending the message declines it in the log. The
   * rule is the session's own (`rabbitholeDeclinedByLearnerMessage`); the composer only tells
   * the client what is being typed.
   * @default true
   */
  declineRabbitholeOnInput?: boolean;
  labels?: Partial<Omit<ComposerLabels, 'reasons'>> & {
    reasons?: Partial<ComposerLabels['reasons']>;
  };
}

/**
 * The learner's input form. Enter sends, Shift+Enter adds a line; disabled, with a visible
 * and announced reason, unless the connection is open and the session active. Renders an
 * input, a send button and the reason when given no children.
 */
export const ComposerRoot = /* @__PURE__ */ forwardRef<HTMLFormElement, ComposerRootProps>(
  function ComposerRoot(
    {
      value: valueProp,
      defaultValue = '',
      onValueChange,
      onSend,
      declineRabbitholeOnInput = true,
      labels,
      onSubmit,
      children,
      ...props
    },
    ref,
  ) {
    const { actions } = useRecallContext('Composer.Root');
    const availability = useSnapshotSelector('Composer.Root', selectComposerAvailability);
    const [value, setValue] = useControllableState({
      value: valueProp,
      defaultValue,
      onChange: onValueChange,
    });
    const reasonId = useId();
    const latest = useLatest({ value, availability, onSend });
    // A draft left behind by an unmounted composer must not keep a prompt hidden.
    useEffect(() => () => actions.setDraft(''), [actions]);

    const submit = useCallback(() => {
      const text = latest.current.value.trim();
      if (text === '' || latest.current.availability !== 'ready') return;
      const clientMessageId = actions.sendMessage(text);
      setValue('');
      actions.setDraft('');
      latest.current.onSend?.(text, clientMessageId);
    }, [actions, latest, setValue]);

    const mergedLabels = useMemo<ComposerLabels>(
      () => ({
        ...DEFAULT_LABELS,
        ...labels,
        reasons: { ...DEFAULT_LABELS.reasons, ...labels?.reasons },
      }),
      [labels],
    );
    const context = useMemo(
      () => ({
        value,
        setValue,
        submit,
        availability,
        reasonId,
        labels: mergedLabels,
        declineRabbitholeOnInput,
      }),
      [value, setValue, submit, availability, reasonId, mergedLabels, declineRabbitholeOnInput],
    );

    return (
      <composerContext.Provider value={context}>
        <Primitive.form
          data-state={availability === 'ready' ? 'enabled' : 'disabled'}
          {...props}
          onSubmit={composeEventHandlers(onSubmit, (event: FormEvent<HTMLFormElement>) => {
            event.preventDefault();
            submit();
          })}
          ref={ref}
        >
          {children ?? (
            <>
              <ComposerInput />
              <ComposerSubmit />
              <ComposerDisabledReason />
            </>
          )}
        </Primitive.form>
      </composerContext.Provider>
    );
  },
);

/** Props of `Composer.Input`. */
export interface ComposerInputProps extends PrimitiveProps<'textarea'> {
  /**
   * Take focus whenever the input becomes usable (the session opened, or came back online)
   * while nothing else has focus, so the learner can type at once.
   * @default true
   */
  focusOnReady?: boolean;
}

/**
 * The text area: Enter sends, Shift+Enter adds a line, IME composition is respected. It is
 * the session's answer box: focus comes back here after the learner answers a rabbit-hole
 * prompt, returns from one, or closes the completion overlay.
 */
export const ComposerInput = /* @__PURE__ */ forwardRef<HTMLTextAreaElement, ComposerInputProps>(
  function ComposerInput({ focusOnReady = true, onChange, onKeyDown, ...props }, forwardedRef) {
    const composer = useRequiredContext(composerContext, 'Composer.Input');
    const { actions, answerFocus } = useRecallContext('Composer.Input');
    const disabled = composer.availability !== 'ready';
    const element = useRef<HTMLTextAreaElement>(null);
    const ref = useComposedRefs(element, forwardedRef, answerFocus.register);
    useEffect(() => {
      const input = element.current;
      const active = document.activeElement;
      // Nothing else has focus: <body>, or this input (browsers differ on disabled controls).
      const free = active === null || active === document.body || active === input;
      if (focusOnReady && !disabled && free) input?.focus();
    }, [focusOnReady, disabled]);
    return (
      <Primitive.textarea
        aria-label={composer.labels.input}
        placeholder={composer.labels.placeholder}
        rows={1}
        disabled={disabled}
        aria-describedby={disabled ? composer.reasonId : undefined}
        data-state={disabled ? 'disabled' : 'enabled'}
        {...props}
        value={composer.value}
        onChange={composeEventHandlers(onChange, (event) => {
          const text = event.currentTarget.value;
          composer.setValue(text);
          // The client asks the session's rule whether a draft answers a pending prompt.
          if (composer.declineRabbitholeOnInput) actions.setDraft(text);
        })}
        onKeyDown={composeEventHandlers(onKeyDown, (event: KeyboardEvent<HTMLTextAreaElement>) => {
          if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          composer.submit();
        })}
        ref={ref}
      />
    );
  },
);

/** The send button; disabled while the composer is, or while the text is empty. */
export const ComposerSubmit = /* @__PURE__ */ forwardRef<
  HTMLButtonElement,
  PrimitiveProps<'button'>
>(function ComposerSubmit({ children, ...props }, ref) {
  const composer = useRequiredContext(composerContext, 'Composer.Submit');
  const disabled = composer.availability !== 'ready' || composer.value.trim() === '';
  return (
    <Primitive.button
      type="submit"
      disabled={disabled}
      aria-describedby={composer.availability === 'ready' ? undefined : composer.reasonId}
      {...props}
      ref={ref}
    >
      {children ?? composer.labels.submit}
    </Primitive.button>
  );
});

/**
 * Why the composer is disabled ("Reconnecting…"), as a polite status message. Always in the
 * DOM (so the announcement is heard), empty while the composer is enabled;
 * `data-state` names the cause.
 */
export const ComposerDisabledReason = /* @__PURE__ */ forwardRef<
  HTMLParagraphElement,
  PrimitiveProps<'p'>
>(function ComposerDisabledReason({ children, ...props }, ref) {
  const composer = useRequiredContext(composerContext, 'Composer.DisabledReason');
  const { availability } = composer;
  return (
    <Primitive.p
      role="status"
      data-state={availability}
      {...props}
      id={composer.reasonId}
      ref={ref}
    >
      {availability === 'ready' ? null : (children ?? composer.labels.reasons[availability])}
    </Primitive.p>
  );
});
