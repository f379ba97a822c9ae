/** The demo server's WebSocket endpoint on the page's own origin (`/ws`, proxied by Vite in dev). */
export function webSocketUrl(
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}
