// Vitest global setup of the projects whose tests need programs from the operating system.
// A fresh machine needs nothing but `npm install && npm test`: a missing program is installed
// with `.ci/system-deps` when this process is root and apt-get exists; otherwise the tests that
// need it are skipped (they check `lacks(...)`) after one line saying what is missing and how to
// get it. With CI set nothing is skipped: a missing program fails the run here.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  SYSTEM_DEPENDENCIES,
  type SystemDependency,
  findSystemDependency,
  isCI,
  skipNotice,
} from './system-dependencies';

const REPO_ROOT = join(import.meta.dirname, '..');
const INSTALL_SCRIPT = join(REPO_ROOT, '.ci/system-deps');
const INSTALL_TIMEOUT_MS = 15 * 60_000;

/** What each vitest project needs; projects not listed need nothing. */
const NEEDS: Record<string, readonly SystemDependency[]> = {
  core: ['postgres'],
  ws: ['postgres'],
  e2e: ['chromium', 'espeak-ng'],
  eval: ['chromium'],
};

// Global setups of different projects load this file separately; what was installed and said
// is kept per process so the install runs once and each line is printed once.
interface SharedState {
  install?: Promise<string | undefined>;
  reported: Set<SystemDependency>;
}
const STATE_KEY = Symbol.for('recall.test.system-dependencies');
const processGlobals = globalThis as Record<symbol, SharedState | undefined>;
const state: SharedState = processGlobals[STATE_KEY] ?? { reported: new Set() };
processGlobals[STATE_KEY] = state;

export default async function setup(project: TestProject): Promise<void> {
  const needed = NEEDS[project.name] ?? [];
  let missing = needed.filter((name) => !findSystemDependency(name).found);
  let installFailure: string | undefined;
  if (missing.some(installable)) {
    state.install ??= installSystemDependencies(missing);
    installFailure = await state.install;
    missing = needed.filter((name) => !findSystemDependency(name).found);
  }
  if (missing.length === 0) return;

  const problems = missing.map((name) => {
    const status = findSystemDependency(name);
    const problem = status.found ? 'found' : status.problem;
    return { name, problem: installFailure ? `${problem} (${installFailure})` : problem };
  });
  if (isCI()) {
    const reasons = problems.map(
      ({ name, problem }) =>
        `${SYSTEM_DEPENDENCIES[name].neededBy} cannot run: ${problem}; to run them, ${SYSTEM_DEPENDENCIES[name].enable}`,
    );
    throw new Error(`CI is set, so no test is skipped, and ${reasons.join('. And ')}.`);
  }
  for (const { name, problem } of problems) {
    if (state.reported.has(name)) continue;
    state.reported.add(name);
    console.warn(`[recall] ${skipNotice(name, problem)}`);
  }
}

/**
 * apt-get can help only as root, with apt-get present, and for a dependency looked up in its
 * default place (an explicit CHROMIUM_PATH or RECALL_PG_BIN is the caller's to fix).
 */
function installable(name: SystemDependency): boolean {
  const variable = SYSTEM_DEPENDENCIES[name].overrideVariable;
  if (variable !== undefined && process.env[variable]) return false;
  return (
    process.getuid?.() === 0 &&
    existsSync(INSTALL_SCRIPT) &&
    ['/usr/bin/apt-get', '/bin/apt-get'].some((path) => existsSync(path))
  );
}

/** Runs `.ci/system-deps`; resolves with why it failed, or undefined when it succeeded. */
function installSystemDependencies(missing: SystemDependency[]): Promise<string | undefined> {
  console.warn(
    `[recall] Installing what the tests need (${missing.join(', ')}) with .ci/system-deps …`,
  );
  return new Promise((resolve) => {
    const child = spawn('bash', [INSTALL_SCRIPT], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      timeout: INSTALL_TIMEOUT_MS,
    });
    child.once('error', (error) => resolve(`.ci/system-deps could not start: ${error.message}`));
    child.once('exit', (code, signal) => {
      if (code === 0) resolve(undefined);
      else resolve(`.ci/system-deps failed with ${signal ?? `exit code ${code}`}`);
    });
  });
}
