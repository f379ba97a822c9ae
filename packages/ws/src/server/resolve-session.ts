import { type RecallErrorCode, toRecallError } from '@recall/core';
import { CLOSE_CODES } from '../protocol/close-codes';
import type { ConnectionTarget } from './connection-request';
import type { ConnectionSettings } from '../connection/connection-options';

/** A refusal sent after the upgrade as an `error` frame plus a close code the client obeys. */
export interface SessionRefusal {
  code: RecallErrorCode;
  message: string;
  retryAfterMs?: number;
  closeCode: number;
  /** For the log only; never sent. */
  logReason: string;
}

/** The outcome of {@link resolveSession}. */
export type ResolveSessionResult =
  | { ok: true; sessionId: string; afterSeq: number; headSeq: number }
  | { ok: false; refusal: SessionRefusal };

/** What a refused session or recall set is called in {@link refuseAccess}. */
type Refused = 'session' | 'recall set';

/**
 * The one refusal for a session or recall set the caller may not open. "Does not exist" and
 * "belongs to someone else" get byte-identical answers (code, message, close code), so ids
 * cannot be probed for existence (X2); only the log, never the wire, says which it was.
 * `FORBIDDEN`/4003 rather than a neutral not-found: it is what the caller may rely on either
 * way (this id is not theirs to open), and clients never retry it.
 */
export function refuseAccess(refused: Refused, logReason: string): SessionRefusal {
  return {
    code: 'FORBIDDEN',
    message: `You may not access this ${refused}.`,
    closeCode: CLOSE_CODES.FORBIDDEN.code,
    logReason,
  };
}

/** Engine errors that would tell an unknown id from a foreign one. */
const REVEALING_CODES: ReadonlySet<RecallErrorCode> = new Set([
  'FORBIDDEN',
  'SESSION_NOT_FOUND',
  'RECALL_SET_NOT_FOUND',
]);

/**
 * Decides which session a connection attaches to and from which seq, checking ownership:
 * a session belongs to the user that started it; a recall set with an owner only to them.
 * Refusals reveal nothing about another user's session (no status, no seq, no content, not
 * even whether it exists). `userId` `undefined` is the anonymous learner (the in-process
 * transport without a user), who owns the sessions stored without one.
 */
export async function resolveSession(
  target: ConnectionTarget,
  userId: string | undefined,
  options: Pick<ConnectionSettings, 'storage' | 'engine'>,
): Promise<ResolveSessionResult> {
  const { storage, engine } = options;
  const refused: Refused = target.kind === 'recall-set' ? 'recall set' : 'session';
  try {
    if (target.kind === 'recall-set') {
      const recallSet = await storage.getRecallSet(target.recallSetId);
      if (recallSet === null) {
        return { ok: false, refusal: refuseAccess(refused, 'unknown recall set') };
      }
      if (recallSet.ownerId !== undefined && recallSet.ownerId !== userId) {
        return { ok: false, refusal: refuseAccess(refused, 'recall set owned by another user') };
      }
      const learner = userId === undefined ? {} : { userId };
      const { sessionId } = await engine.startSession(target.recallSetId, learner);
      return { ok: true, sessionId, afterSeq: 0, headSeq: await storage.lastSeq(sessionId) };
    }

    const session = await storage.getSession(target.sessionId);
    if (session === null) {
      return { ok: false, refusal: refuseAccess(refused, 'unknown session') };
    }
    if (session.userId !== userId) {
      return { ok: false, refusal: refuseAccess(refused, 'session owned by another user') };
    }
    const head = await storage.lastSeq(target.sessionId);
    if (target.afterSeq === null || target.afterSeq > head) {
      return {
        ok: false,
        refusal: {
          code: 'INVALID_MESSAGE',
          message: 'afterSeq is out of range; resync from seq 0.',
          closeCode: CLOSE_CODES.INVALID_RESUME.code,
          logReason: 'resume cursor out of range',
        },
      };
    }
    return { ok: true, sessionId: target.sessionId, afterSeq: target.afterSeq, headSeq: head };
  } catch (error) {
    const recallError = toRecallError(error);
    // E.g. the set was deleted between the owner check and the start.
    if (REVEALING_CODES.has(recallError.code)) {
      return {
        ok: false,
        refusal: refuseAccess(refused, `session resolution failed: ${recallError.code}`),
      };
    }
    const retryable = recallError.retryable;
    return {
      ok: false,
      refusal: {
        code: recallError.code,
        message:
          recallError.code === 'INTERNAL_ERROR'
            ? 'The session could not be opened.'
            : recallError.message,
        closeCode: retryable ? CLOSE_CODES.INTERNAL.code : CLOSE_CODES.SESSION_ENDED.code,
        logReason: `session resolution failed: ${recallError.code}`,
      },
    };
  }
}
