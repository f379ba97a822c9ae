import { LLMOutputError, RecallError } from '../errors/recall-error';
import type { TokenUsage } from '../events/catalog';
import {
  EMPTY_USAGE,
  type LLMAdapter,
  type LLMCallKind,
  type LLMFinishReason,
  type LLMMessage,
} from '../llm/llm-adapter';

/** A scripted text reply (for `tutor` and `rabbithole` calls). A string is `{ text }`. */
export interface ScriptedTextReply {
  /** The reply; streamed word by word unless `chunks` is given. @default '' */
  text?: string;
  /** Exact chunks to stream (their concatenation is the text). */
  chunks?: string[];
  usage?: Partial<TokenUsage>;
  /** @default 'end_turn' */
  finishReason?: LLMFinishReason;
  /** Wait before the first chunk. @default the script's latency for the kind */
  latencyMs?: number;
  /** Wait before each later chunk. @default the script's chunkDelayMs */
  chunkDelayMs?: number;
  /** Thrown after `errorAfterChunks` chunks (default 0: before any output). */
  error?: unknown;
  errorAfterChunks?: number;
}

/** A scripted structured reply (for `evaluator`, `detector`, …). */
export interface ScriptedObjectReply {
  /**
   * Validated against the call's schema; invalid output throws `LLMOutputError`. A function
   * is called with the request and returns the object (e.g. to quote the learner's words).
   */
  object?: unknown;
  usage?: Partial<TokenUsage>;
  latencyMs?: number;
  /** Thrown instead of answering. */
  error?: unknown;
}

/** Replies consumed in order, or a function answering each request (undefined → default). */
export type ScriptedSource<T> = readonly T[] | ((request: ScriptedRequest) => T | undefined);

/** What a scripted adapter answers, per call kind. */
export interface ScriptedLLMScript {
  tutor?: ScriptedSource<string | ScriptedTextReply>;
  rabbithole?: ScriptedSource<string | ScriptedTextReply>;
  evaluator?: ScriptedSource<ScriptedObjectReply>;
  detector?: ScriptedSource<ScriptedObjectReply>;
  transcript?: ScriptedSource<ScriptedObjectReply>;
  terms?: ScriptedSource<ScriptedObjectReply>;
  /** Latency before the first output, for every call or per kind. @default 0 */
  latencyMs?: number | Partial<Record<LLMCallKind, number>>;
  /** Delay between streamed chunks. @default 0 */
  chunkDelayMs?: number;
  /** Usage reported by replies that declare none. @default zero */
  usage?: Partial<TokenUsage>;
}

/** One request the scripted adapter received. */
export interface ScriptedRequest {
  kind: LLMCallKind;
  system: string;
  messages: LLMMessage[];
  /** Order among all calls (0-based). */
  index: number;
  /** Order among calls of this kind (0-based). */
  kindIndex: number;
  schemaName?: string;
  maxOutputTokens?: number;
  temperature?: number;
}

/** A deterministic {@link LLMAdapter} that replays a script and records every request. */
export interface ScriptedLLM extends LLMAdapter {
  /** Every request received, in call order. */
  readonly requests: readonly ScriptedRequest[];
  /** The requests of one kind, in call order. */
  requestsOf(kind: LLMCallKind): ScriptedRequest[];
  /** Appends replies to a kind's queue (the kind's source must be an array or absent). */
  enqueue(kind: 'tutor' | 'rabbithole', ...replies: Array<string | ScriptedTextReply>): void;
  enqueue(
    kind: 'evaluator' | 'detector' | 'transcript' | 'terms',
    ...replies: ScriptedObjectReply[]
  ): void;
}

type AnyReply = string | ScriptedTextReply | ScriptedObjectReply;

/**
 * A scripted adapter for deterministic tests. Exhausted text kinds answer
 * `"Scripted <kind> reply <n>."`; an exhausted `evaluator` finds nothing, an exhausted
 * `detector` finds no tangent; other kinds throw.
 *
 * @example
 * const llm = createScriptedLLM({ tutor: ['What does ATP synthase do?'], evaluator: [scriptEvaluation({ recalled: ['p1'] })] });
 * // … run the engine …
 * expect(llm.requestsOf('tutor')[0]!.system).toContain('ATP');
 */
export function createScriptedLLM(script: ScriptedLLMScript = {}): ScriptedLLM {
  const requests: ScriptedRequest[] = [];
  const queues = new Map<LLMCallKind, AnyReply[]>();
  const counts = new Map<LLMCallKind, number>();

  function record(options: Parameters<LLMAdapter['streamText']>[0], schemaName?: string) {
    const kindIndex = counts.get(options.kind) ?? 0;
    counts.set(options.kind, kindIndex + 1);
    const request: ScriptedRequest = {
      kind: options.kind,
      system: options.system,
      messages: options.messages.map((message) => ({ ...message })),
      index: requests.length,
      kindIndex,
      ...(schemaName === undefined ? {} : { schemaName }),
      ...(options.maxOutputTokens === undefined
        ? {}
        : { maxOutputTokens: options.maxOutputTokens }),
      ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
    };
    requests.push(request);
    return request;
  }

  function next(request: ScriptedRequest): AnyReply | undefined {
    const source = script[request.kind];
    if (typeof source === 'function') return source(request);
    let queue = queues.get(request.kind);
    if (queue === undefined) {
      queue = [...((source as readonly AnyReply[] | undefined) ?? [])];
      queues.set(request.kind, queue);
    }
    return queue.shift();
  }

  function latencyFor(kind: LLMCallKind, own: number | undefined): number {
    if (own !== undefined) return own;
    const latency = script.latencyMs;
    return typeof latency === 'number' ? latency : (latency?.[kind] ?? 0);
  }

  return {
    specificationVersion: 'recall-llm-v1',
    name: 'scripted',
    get requests() {
      return requests;
    },
    requestsOf(kind) {
      return requests.filter((request) => request.kind === kind);
    },
    enqueue(kind: LLMCallKind, ...replies: AnyReply[]) {
      if (typeof script[kind] === 'function') {
        throw new TypeError(`The "${kind}" script is a function; enqueue needs an array.`);
      }
      let queue = queues.get(kind);
      if (queue === undefined) {
        queue = [...((script[kind] as readonly AnyReply[] | undefined) ?? [])];
        queues.set(kind, queue);
      }
      queue.push(...replies);
    },
    async *streamText(options) {
      const request = record(options);
      const raw = next(request) ?? `Scripted ${request.kind} reply ${request.kindIndex + 1}.`;
      const reply: ScriptedTextReply =
        typeof raw === 'string' ? { text: raw } : (raw as ScriptedTextReply);
      const chunks = reply.chunks ?? (reply.text ?? '').match(/\S+\s*|\s+/g) ?? [];
      const chunkDelay = reply.chunkDelayMs ?? script.chunkDelayMs ?? 0;
      await wait(latencyFor(request.kind, reply.latencyMs), options.signal);
      let emitted = 0;
      for (const chunk of chunks) {
        if (reply.error !== undefined && emitted === (reply.errorAfterChunks ?? 0))
          throw reply.error;
        if (emitted > 0) await wait(chunkDelay, options.signal);
        yield { type: 'text-delta', text: chunk };
        emitted += 1;
      }
      if (reply.error !== undefined) throw reply.error;
      yield {
        type: 'finish',
        text: chunks.join(''),
        finishReason: reply.finishReason ?? 'end_turn',
        usage: { ...EMPTY_USAGE, ...script.usage, ...reply.usage },
      };
    },
    async generateObject(options) {
      const request = record(options, options.schemaName);
      const reply = (next(request) ?? defaultObject(request.kind)) as ScriptedObjectReply;
      await wait(latencyFor(request.kind, reply.latencyMs), options.signal);
      if (reply.error !== undefined) throw reply.error;
      const object =
        typeof reply.object === 'function'
          ? (reply.object as (request: ScriptedRequest) => unknown)(request)
          : reply.object;
      const parsed = options.schema.safeParse(object);
      if (!parsed.success) {
        throw new LLMOutputError(
          `Scripted ${request.kind} output does not match ${options.schemaName}.`,
          JSON.stringify(object) ?? 'undefined',
        );
      }
      return { object: parsed.data, usage: { ...EMPTY_USAGE, ...script.usage, ...reply.usage } };
    },
  };
}

function defaultObject(kind: LLMCallKind): ScriptedObjectReply {
  switch (kind) {
    case 'evaluator':
      return { object: { points: [] } };
    case 'detector':
      return {
        object: {
          isRabbithole: false,
          topic: '',
          label: '',
          relatedPointIds: [],
          certainty: 0.9,
          reasoning: 'Scripted default: no tangent.',
        },
      };
    default:
      return { error: new RecallError('LLM_BAD_REQUEST', `No scripted reply for "${kind}".`) };
  }
}

function wait(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortError());
  if (milliseconds <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortError(): RecallError {
  return new RecallError('ABORTED', 'The scripted call was cancelled.');
}
