// Public API of @recall/react/testing: real sessions in the page for tests and stories.
export { createTestSession } from './create-test-session';
export type { TestSession, TestSessionOptions } from './create-test-session';
export { RECORDED_RECALL_SET, RECORDED_SESSION, SESSION_FIXTURES } from './recorded-session';
export type { SessionFixtureName } from './recorded-session';
