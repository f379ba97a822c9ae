import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildDemoApp } from './support/build-app';
import { CHROMIUM_PATH } from './support/chromium';
import { type DemoProcess, REPO_ROOT, startDemoProcess } from './support/demo-process';
import { type FakeDeepgram, startFakeDeepgram } from './voice-fake-deepgram';
import { lacks } from '../../test/system-dependencies';

// Voice end to end: Chromium's fake microphone plays a WAV that espeak-ng speaks at test time;
// the demo app records it with MediaRecorder and uploads it to the demo server's
// `/api/transcribe`, which sends it to a local stand-in for Deepgram. The stand-in "hears" a
// point's content, the transcript is auto-sent, and the offline evaluator recalls the point.

const run = promisify(execFile);
const API_KEY = 'e2e-deepgram-key';
const SCREENSHOTS = join(REPO_ROOT, 'test-output/screenshots');
const POINT = 'The light-dependent reactions happen in the thylakoid membranes of the chloroplast.';

let workDir: string;
let appDir: string;
let deepgram: FakeDeepgram;
let demo: DemoProcess;
let browser: Browser;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'recall-voice-e2e-'));
  const wav = join(workDir, 'answer.wav');
  await run('espeak-ng', ['-w', wav, POINT]);
  [appDir, deepgram] = await Promise.all([
    buildDemoApp(),
    startFakeDeepgram({ apiKey: API_KEY, transcript: POINT }),
  ]);
  // The demo process inherits the environment at spawn time.
  const saved = { key: process.env.DEEPGRAM_API_KEY, url: process.env.DEEPGRAM_BASE_URL };
  process.env.DEEPGRAM_API_KEY = API_KEY;
  process.env.DEEPGRAM_BASE_URL = deepgram.url;
  try {
    demo = await startDemoProcess([
      '--port',
      '0',
      '--storage',
      'memory',
      '--llm',
      'offline',
      '--app-dir',
      appDir,
    ]);
  } finally {
    restoreEnvironment('DEEPGRAM_API_KEY', saved.key);
    restoreEnvironment('DEEPGRAM_BASE_URL', saved.url);
  }
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await demo?.stop();
  await deepgram?.close();
  if (appDir) await rm(appDir, { recursive: true, force: true });
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

function restoreEnvironment(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

// Skipped (hooks included), after one line saying why, without Chromium or espeak-ng; never on CI.
const voiceTest = test.skipIf(lacks('chromium', 'espeak-ng'));

voiceTest('speaking an answer sends it as a message and recalls the point', async () => {
  const page = await browser.newPage();
  try {
    await page.goto(new URL('/session/photosynthesis', demo.url).href);
    // The session is live once the composer accepts input.
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Your answer' }).isEnabled(), {
        timeout: 30_000,
      })
      .toBe(true);

    const microphone = page.getByRole('button', { name: 'Answer by voice' });
    await microphone.click();
    const stop = page.getByRole('button', { name: 'Stop recording and send' });
    await stop.waitFor({ timeout: 10_000 });
    await page.waitForTimeout(2_000); // let the fake microphone speak for a while
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'voice-recording.png') });
    await stop.click();

    // The transcript is sent as the learner's message, and the point is recalled.
    await page.getByText(POINT, { exact: true }).first().waitFor({ timeout: 30_000 });
    await page.getByText(/^1 of \d+ recalled$/).waitFor({ timeout: 30_000 });
    // Back to idle: the microphone can be used again.
    await microphone.waitFor({ timeout: 10_000 });
    await page.screenshot({ path: join(SCREENSHOTS, 'voice-answered.png') });

    expect(deepgram.requests).toHaveLength(1);
    const [request] = deepgram.requests;
    expect(request?.path).toBe('/v1/listen');
    expect(request?.authorization).toBe(`Token ${API_KEY}`);
    expect(request?.contentType).toMatch(/^audio\/webm/);
    // Two seconds of Opus from the fake microphone: real audio, not an empty container.
    expect(request?.body.length).toBeGreaterThan(4_000);
  } finally {
    await page.close();
  }
});
