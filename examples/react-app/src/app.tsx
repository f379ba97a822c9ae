import { PickerPage } from './pages/picker-page';
import { ReplayPage } from './pages/replay-page';
import { SessionPage } from './pages/session-page';
import { SessionsPage } from './pages/sessions-page';
import { followLink, parseRoute, usePathname } from './router';

/** The demo's four pages, chosen by the address bar. */
export function App() {
  const route = parseRoute(usePathname());
  switch (route.page) {
    case 'picker':
      return <PickerPage />;
    case 'session':
      // A new key per set gives every session page its own client.
      return <SessionPage key={route.recallSetId} recallSetId={route.recallSetId} />;
    case 'sessions':
      return <SessionsPage />;
    case 'replay':
      return <ReplayPage key={route.sessionId} sessionId={route.sessionId} />;
    case 'not-found':
      return (
        <main className="page">
          <h1>Not found</h1>
          <p>
            <a href="/" onClick={followLink}>
              Back to the recall sets
            </a>
          </p>
        </main>
      );
  }
}
