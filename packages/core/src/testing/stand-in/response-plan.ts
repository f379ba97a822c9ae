// What both provider stand-ins (the Messages API and Chat Completions) share when they plan a
// reply: the plan's shape, timing, and the parts of a response that differ only in bytes.
import { assertNever } from '../../internal/assert-never';

/** One step of a planned response body. */
export type ResponseFrame =
  | { type: 'data'; data: string }
  | { type: 'wait'; ms: number }
  | { type: 'disconnect' }
  | { type: 'stall' };

/**
 * Everything a transport (msw or a local server) needs to play one reply. Planning is pure,
 * so every transport sends byte-identical responses and each wire format lives in one place.
 */
export type ResponsePlan =
  | { kind: 'network-error'; delayMs: number }
  | { kind: 'stall' }
  | {
      kind: 'response';
      status: number;
      headers: Record<string, string>;
      headersDelayMs: number;
      frames: ResponseFrame[];
    };

/** The delays of a stand-in's reply (both stand-ins' public timing types have these fields). */
export interface StandInTiming {
  headersDelayMs?: number;
  firstTokenDelayMs?: number;
  chunkDelayMs?: number;
}

/** How a reply ends, in the fields both stand-ins share. */
export type StandInEnd =
  | { type: 'complete' }
  | { type: 'error' }
  | { type: 'disconnect' }
  | { type: 'stall' };

/** A reply's timing with the stand-in's defaults filled in: the reply's own wins. */
export function resolveTiming(
  reply: { timing?: StandInTiming | undefined },
  timing: StandInTiming | undefined,
): Required<StandInTiming> {
  return {
    headersDelayMs: reply.timing?.headersDelayMs ?? timing?.headersDelayMs ?? 0,
    firstTokenDelayMs: reply.timing?.firstTokenDelayMs ?? timing?.firstTokenDelayMs ?? 0,
    chunkDelayMs: reply.timing?.chunkDelayMs ?? timing?.chunkDelayMs ?? 0,
  };
}

/** A response with one JSON body. */
export function jsonResponse(options: {
  status: number;
  headers: Record<string, string>;
  headersDelayMs: number;
  body: unknown;
}): ResponsePlan {
  const { body, ...response } = options;
  return { kind: 'response', ...response, frames: [{ type: 'data', data: JSON.stringify(body) }] };
}

/** An HTTP error reply as scripted: its status, `retry-after` headers and delay. */
export interface ScriptedHttpError {
  status: number;
  retryAfterMs?: number | undefined;
  retryAfterSeconds?: number | undefined;
  headers?: Record<string, string> | undefined;
  timing?: Pick<StandInTiming, 'headersDelayMs'> | undefined;
}

/** Plans a scripted HTTP error: `retry-after-ms` / `retry-after` first, the reply's own headers last. */
export function planHttpError(options: {
  reply: ScriptedHttpError;
  timing: StandInTiming | undefined;
  headers: Record<string, string>;
  body: unknown;
}): ResponsePlan {
  const { reply } = options;
  return jsonResponse({
    status: reply.status,
    headers: {
      ...options.headers,
      ...(reply.retryAfterMs === undefined ? {} : { 'retry-after-ms': `${reply.retryAfterMs}` }),
      ...(reply.retryAfterSeconds === undefined
        ? {}
        : { 'retry-after': `${reply.retryAfterSeconds}` }),
      ...reply.headers,
    },
    headersDelayMs: reply.timing?.headersDelayMs ?? options.timing?.headersDelayMs ?? 0,
    body: options.body,
  });
}

/**
 * The frames of a streamed reply: `head`, the wait for the first token, `opening`, then the
 * `deltas` with the chunk delay between two of them.
 */
export function streamedFrames(options: {
  timing: Required<StandInTiming>;
  head: readonly ResponseFrame[];
  opening?: readonly ResponseFrame[];
  deltas: readonly ResponseFrame[];
}): ResponseFrame[] {
  const { timing } = options;
  const frames = [...options.head];
  if (timing.firstTokenDelayMs > 0) frames.push({ type: 'wait', ms: timing.firstTokenDelayMs });
  frames.push(...(options.opening ?? []));
  options.deltas.forEach((delta, position) => {
    if (position > 0 && timing.chunkDelayMs > 0) {
      frames.push({ type: 'wait', ms: timing.chunkDelayMs });
    }
    frames.push(delta);
  });
  return frames;
}

/**
 * Plans a reply scripted as raw stream data: each encoded item after the chunk delay, then the
 * drop or stall its end asks for (a complete or error end sends nothing more).
 */
export function planRawStream(options: {
  encoded: readonly string[];
  end: StandInEnd | undefined;
  timing: Required<StandInTiming>;
  headers: Record<string, string>;
}): ResponsePlan {
  const { timing } = options;
  const frames = streamedFrames({
    timing: { ...timing, firstTokenDelayMs: 0 },
    head: [],
    deltas: options.encoded.map((data) => ({ type: 'data', data })),
  });
  const end = options.end ?? { type: 'complete' };
  if (end.type === 'disconnect' || end.type === 'stall') frames.push({ type: end.type });
  return {
    kind: 'response',
    status: 200,
    headers: options.headers,
    headersDelayMs: timing.headersDelayMs,
    frames,
  };
}

/**
 * Plans a reply the client did not ask to stream: after the headers and first-token delays,
 * the JSON body `complete` builds, or the failure the scripted end stands for (an error body,
 * a dropped connection, a stall).
 */
export function planSingleResponse<End extends StandInEnd>(options: {
  end: End | undefined;
  timing: Required<StandInTiming>;
  headers: Record<string, string>;
  error: (end: Extract<End, { type: 'error' }>) => { status: number; body: unknown };
  complete: () => unknown;
}): ResponsePlan {
  const end = options.end ?? ({ type: 'complete' } as End);
  const headersDelayMs = options.timing.headersDelayMs + options.timing.firstTokenDelayMs;
  const respond = (status: number, body: unknown) =>
    jsonResponse({ status, headers: options.headers, headersDelayMs, body });
  switch (end.type) {
    case 'complete':
      return respond(200, options.complete());
    case 'error': {
      const { status, body } = options.error(end as Extract<End, { type: 'error' }>);
      return respond(status, body);
    }
    case 'disconnect':
      return { kind: 'network-error', delayMs: headersDelayMs };
    case 'stall':
      return { kind: 'stall' };
    default:
      return assertNever(end as never, 'stream end');
  }
}

/** A rough token count (4 characters per token), enough for realistic-looking usage. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Splits text into words with their trailing whitespace, as a model streams it. */
export function splitWords(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/** Splits text into pieces of `size` characters (the last may be shorter). */
export function splitEvery(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < text.length; start += size) {
    chunks.push(text.slice(start, start + size));
  }
  return chunks;
}
