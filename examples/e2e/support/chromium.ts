import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { chromiumPath } from '../../../test/system-dependencies';

/**
 * Debian's Chromium (`CHROMIUM_PATH` overrides), installed by `.ci/system-deps` or by the test
 * run's global setup; we never download a browser.
 */
export const CHROMIUM_PATH = chromiumPath();

/**
 * Flags for a sandboxed machine with a closed network: without the background-networking
 * flags Chromium keeps trying (and failing) to reach Google's hosts.
 */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches headless Chromium. Playwright gives every launch a fresh, empty temporary
 * `--user-data-dir` of its own and removes it on close.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}. Install Debian's chromium (bash .ci/system-deps) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}
