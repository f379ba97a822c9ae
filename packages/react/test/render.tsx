import type { RecallClient } from '@recall/ws';
import { type RenderResult, render } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { type Throttle, RecallProvider } from '../src';

/** Renders `ui` under a `RecallProvider`; unthrottled unless a test is about the throttle. */
export function renderWithClient(
  ui: ReactElement,
  {
    client,
    throttleMs = 0,
    strict = false,
  }: { client: RecallClient; throttleMs?: Throttle; strict?: boolean },
): RenderResult {
  return render(ui, {
    reactStrictMode: strict,
    // A wrapper (not a parent element) so that `rerender` keeps the provider.
    wrapper: ({ children }) => (
      <RecallProvider client={client} throttleMs={throttleMs}>
        {children}
      </RecallProvider>
    ),
  });
}

/** The axe-core violations in `container`, as `rule: target` lines (empty when clean). */
export async function axeViolations(container: Element): Promise<string[]> {
  const results = await axe.run(container, {
    // Colour contrast needs real layout and styles; these components ship none.
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  );
}
