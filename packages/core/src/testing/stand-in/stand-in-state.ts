// What both provider stand-ins keep between requests: the recording and the reply script.
import type { ResponsePlan } from './response-plan';

/** One request a stand-in received, with its parsed body. */
export interface RecordedStandInRequest<Body> {
  body: Body;
  rawBody: string;
  headers: Record<string, string>;
  receivedAt: number;
  aborted: boolean;
  completedAt: number | undefined;
}

/** A queue of replies consumed in order, or a function of the request. */
export type StandInReplySource<Request, Reply> =
  | readonly Reply[]
  | ((request: Request, index: number) => Reply);

/** Options of {@link createStandInState}. */
export interface StandInStateOptions<Body, Request extends RecordedStandInRequest<Body>, Reply> {
  replies: StandInReplySource<Request, Reply> | undefined;
  /** The reply when no script is given. */
  defaultReply: Reply;
  /** The reply when the queue has run out: a 500 that says so. */
  exhausted: (index: number, scripted: number) => Reply;
  /** Reads a body; undefined when the stand-in cannot use it. */
  parseBody: (rawBody: string) => Body | undefined;
  /** The body recorded for a request whose own could not be read. */
  emptyBody: () => Body;
  /** The reply to a request whose body could not be read: a 400. */
  invalidBody: Reply;
  /** Plans the response; `parsed` is the request's own body, when it could be read. */
  plan: (options: {
    request: Request;
    reply: Reply;
    sequence: number;
    parsed: Body | undefined;
  }) => ResponsePlan;
}

/** The recording and reply-resolving state of one stand-in, shared by its transports. */
export interface StandInState<Request> {
  readonly requests: Request[];
  /** Records one request and plans its response. */
  receive(options: { rawBody: string; headers: Record<string, string> }): {
    request: Request;
    plan: ResponsePlan;
  };
}

/** Creates the state of one stand-in. */
export function createStandInState<Body, Request extends RecordedStandInRequest<Body>, Reply>(
  options: StandInStateOptions<Body, Request, Reply>,
): StandInState<Request> {
  const requests: Request[] = [];
  const { replies } = options;

  function nextReply(request: Request, index: number): Reply {
    if (replies === undefined) return options.defaultReply;
    if (typeof replies === 'function') return replies(request, index);
    return (replies as readonly Reply[])[index] ?? options.exhausted(index, replies.length);
  }

  return {
    requests,
    receive({ rawBody, headers }) {
      const index = requests.length;
      const parsed = options.parseBody(rawBody);
      const request = {
        body: parsed ?? options.emptyBody(),
        rawBody,
        headers,
        receivedAt: Date.now(),
        aborted: false,
        completedAt: undefined,
      } as Request;
      requests.push(request);
      const reply = parsed === undefined ? options.invalidBody : nextReply(request, index);
      return { request, plan: options.plan({ request, reply, sequence: index + 1, parsed }) };
    },
  };
}

/** Parses a JSON object body; undefined for anything else. */
export function parseJsonObject(rawBody: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(rawBody);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    return value as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
