// Public API of @recall/core/storage/log: a session's log outside the engine — the append
// rules every adapter plans with, JSON Lines export and import, and the queries a storage
// adapter or an admin view runs over a log.
export { planAppend } from './append-plan';
export type { AppendPlan, PlanAppendOptions } from './append-plan';
export { formatSessionLog, parseSessionLog } from '../jsonl/session-log-jsonl';
export type { ParseSessionLogOptions, ParsedSessionLog } from '../jsonl/session-log-jsonl';
export { exportSessionLog, importSessionLog } from '../jsonl/session-log-transfer';
export type { ImportSessionLogResult } from '../jsonl/session-log-transfer';
export { getRabbitholeConversations } from '../log-queries/rabbithole-conversations';
export { readRabbitholeConversations } from '../log-queries/read-rabbithole-conversations';
export type {
  RabbitholeConversation,
  RabbitholeMessage,
} from '../log-queries/rabbithole-conversations';
export { sessionRowFromLog } from '../../session/session-row';
