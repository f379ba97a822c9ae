import { forwardRef, useMemo } from 'react';
import { createRequiredContext, useRequiredContext } from '../../internal/primitive';
import { Primitive, type PrimitiveProps } from '../../internal/primitive';
import { shallowEqual } from '../../internal/shallow-equal';
import { useSnapshotSelector } from '../../provider/recall-provider';
import { type Exchange, selectExchange } from '../../selectors/exchange';

/** Every string the exchange view shows; replace any of them. */
export interface ExchangeViewLabels {
  /** Above the agent's text. @default 'Agent' */
  agent: string;
  /** Above the learner's waiting text. @default 'You' */
  learner: string;
  /** Before the first agent text. @default 'Starting session…' */
  placeholder: string;
}

const DEFAULT_LABELS: ExchangeViewLabels = {
  agent: 'Agent',
  learner: 'You',
  placeholder: 'Starting session…',
};

interface ExchangeContextValue {
  exchange: Exchange;
  labels: ExchangeViewLabels;
}

const exchangeContext =
  /* @__PURE__ */ createRequiredContext<ExchangeContextValue>('ExchangeView.Root');

/** Props of `ExchangeView.Root`. */
export interface ExchangeViewRootProps extends PrimitiveProps<'div'> {
  labels?: Partial<ExchangeViewLabels>;
}

/**
 * A single-exchange screen: only the agent's current text and, while it waits for an
 * answer, the learner's sent text. `data-state` is the phase:
 * `showing_agent | awaiting_response | agent_streaming`. Renders every part when given no
 * children. Follows the throttled subscription.
 */
export const ExchangeViewRoot = /* @__PURE__ */ forwardRef<HTMLDivElement, ExchangeViewRootProps>(
  function ExchangeViewRoot({ labels, children, ...props }, ref) {
    const exchange = useSnapshotSelector(
      'ExchangeView.Root',
      selectExchange,
      shallowEqual,
      'stream',
    );
    const mergedLabels = useMemo(() => ({ ...DEFAULT_LABELS, ...labels }), [labels]);
    const value = useMemo(() => ({ exchange, labels: mergedLabels }), [exchange, mergedLabels]);
    return (
      <exchangeContext.Provider value={value}>
        <Primitive.div data-state={exchange.phase} {...props} ref={ref}>
          {children ?? (
            <>
              <ExchangeViewAgentLabel />
              <ExchangeViewAgentText />
              <ExchangeViewLearnerText />
            </>
          )}
        </Primitive.div>
      </exchangeContext.Provider>
    );
  },
);

/** The agent's name above its text ("Agent"). */
export const ExchangeViewAgentLabel = /* @__PURE__ */ forwardRef<
  HTMLSpanElement,
  PrimitiveProps<'span'>
>(function ExchangeViewAgentLabel({ children, ...props }, ref) {
  const { labels } = useRequiredContext(exchangeContext, 'ExchangeView.AgentLabel');
  return (
    <Primitive.span {...props} ref={ref}>
      {children ?? labels.agent}
    </Primitive.span>
  );
});

/**
 * The agent's current text (a polite live region), or the placeholder before the first one.
 * `data-state`: `"empty" | "streaming" | "complete" | "interrupted"`.
 */
export const ExchangeViewAgentText = /* @__PURE__ */ forwardRef<
  HTMLParagraphElement,
  PrimitiveProps<'p'>
>(function ExchangeViewAgentText({ children, ...props }, ref) {
  const { exchange, labels } = useRequiredContext(exchangeContext, 'ExchangeView.AgentText');
  const message = exchange.agentMessage;
  const state =
    message === null || exchange.agentText === ''
      ? 'empty'
      : message.status === 'streaming'
        ? 'streaming'
        : message.status === 'interrupted'
          ? 'interrupted'
          : 'complete';
  return (
    <Primitive.p
      aria-live="polite"
      // Screen readers wait for the whole reply instead of reading every chunk.
      aria-busy={state === 'streaming'}
      data-state={state}
      {...props}
      ref={ref}
    >
      {children ?? (state === 'empty' ? labels.placeholder : exchange.agentText)}
    </Primitive.p>
  );
});

/**
 * The learner's sent text while it waits for the answer (phase `awaiting_response`); it
 * stays until the answer's first chunk. Renders nothing in the other phases.
 */
export const ExchangeViewLearnerText = /* @__PURE__ */ forwardRef<
  HTMLDivElement,
  PrimitiveProps<'div'>
>(function ExchangeViewLearnerText({ children, ...props }, ref) {
  const { exchange, labels } = useRequiredContext(exchangeContext, 'ExchangeView.LearnerText');
  const message = exchange.learnerMessage;
  if (exchange.phase !== 'awaiting_response' || message === null) return null;
  return (
    <Primitive.div data-state={message.status} {...props} ref={ref}>
      {children ?? (
        <>
          <span data-part="author">{labels.learner}</span>
          <p data-part="content">{message.content}</p>
        </>
      )}
    </Primitive.div>
  );
});
