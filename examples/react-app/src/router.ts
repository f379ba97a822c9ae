import { type MouseEvent, useSyncExternalStore } from 'react';

/** The demo's pages. */
export type Route =
  | { page: 'picker' }
  | { page: 'session'; recallSetId: string }
  | { page: 'sessions' }
  | { page: 'replay'; sessionId: string }
  | { page: 'not-found' };

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** Reads the route from the address bar (path-based; the demo server serves the shell). */
export function parseRoute(pathname: string): Route {
  const parts = pathname
    .split('/')
    .filter((part) => part !== '')
    .map(safeDecode);
  const [first, second, ...rest] = parts;
  if (rest.length > 0 || second === null || first === null) return { page: 'not-found' };
  if (first === undefined) return { page: 'picker' };
  if (first === 'session' && second !== undefined) return { page: 'session', recallSetId: second };
  if (first === 'sessions' && second === undefined) return { page: 'sessions' };
  if (first === 'sessions' && second !== undefined) return { page: 'replay', sessionId: second };
  return { page: 'not-found' };
}

function safeDecode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** The current path; re-renders on navigation. */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

/** Moves to `path` without reloading the page. */
export function navigate(path: string): void {
  if (path === window.location.pathname) return;
  window.history.pushState(null, '', path);
  for (const listener of listeners) listener();
  window.scrollTo(0, 0);
}

/** An `onClick` for `<a href>` that navigates in-app, leaving modified clicks to the browser. */
export function followLink(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return;
  }
  event.preventDefault();
  navigate(event.currentTarget.pathname);
}
