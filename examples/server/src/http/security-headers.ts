import type { ServerResponse } from 'node:http';

/**
 * The demo's Content-Security-Policy: scripts, styles, fonts, images and connections
 * (fetch and the WebSocket) only from its own origin. KaTeX positions maths with inline
 * `style` attributes, so those are allowed (`style-src-attr`) while `<style>` elements and
 * stylesheets still have to come from the origin; Vite may inline small fonts and the page's
 * icon as `data:` URLs. Nothing may frame the page.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers every answer of the demo carries. */
export function setSecurityHeaders(response: ServerResponse): void {
  response.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
  response.setHeader('x-content-type-options', 'nosniff');
  response.setHeader('referrer-policy', 'same-origin');
}
