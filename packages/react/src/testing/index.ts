// Public API of @recall/react/testing: a socket-free client for tests and stories.
export { createFixtureClient } from './create-fixture-client';
export type {
  FixtureClient,
  FixtureClientCall,
  FixtureClientOptions,
} from './create-fixture-client';
export { RECORDED_SESSION, SESSION_FIXTURES } from './recorded-session';
export type { SessionFixtureName } from './recorded-session';
