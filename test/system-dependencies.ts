// The programs some tests need from the operating system, how to find each, and whether a test
// may be skipped without it. One place for all of it: the vitest global setup installs what it
// can and reports the rest, test files skip on `lacks(...)`, and the PostgreSQL harness finds
// its binaries here.
import { accessSync, constants, existsSync, readdirSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/** A program from the operating system that some tests need. */
export type SystemDependency = 'chromium' | 'espeak-ng' | 'postgres';

/** Where a dependency was found, or why it was not. */
export type SystemDependencyStatus =
  | { found: true; location: string }
  | { found: false; problem: string };

interface SystemDependencyInfo {
  /** What skips without it, as the one line printed says it. */
  neededBy: string;
  /** The environment variable that points at it, if any. */
  overrideVariable?: string;
  /** How to get it, for the one line printed when it is missing. */
  enable: string;
  find(environment: NodeJS.ProcessEnv): SystemDependencyStatus;
}

const POSTGRES_PROGRAMS = ['postgres', 'initdb', 'pg_ctl'];

export const SYSTEM_DEPENDENCIES: Record<SystemDependency, SystemDependencyInfo> = {
  chromium: {
    neededBy: 'the Chromium end-to-end tests (examples/e2e)',
    overrideVariable: 'CHROMIUM_PATH',
    enable: "install Debian's chromium (`sudo bash .ci/system-deps`) or set CHROMIUM_PATH",
    find(environment) {
      const path = chromiumPath(environment);
      return isExecutable(path)
        ? { found: true, location: path }
        : { found: false, problem: `no Chromium at ${path}` };
    },
  },
  'espeak-ng': {
    neededBy: 'the voice end-to-end test (examples/e2e/voice.test.ts)',
    enable: 'install espeak-ng (`sudo bash .ci/system-deps`)',
    find(environment) {
      const path = onPath('espeak-ng', environment);
      return path === undefined
        ? { found: false, problem: 'no espeak-ng on PATH' }
        : { found: true, location: path };
    },
  },
  postgres: {
    neededBy: 'the tests that start a PostgreSQL server (storage, multi-process, multi-node)',
    overrideVariable: 'RECALL_PG_BIN',
    enable:
      "install Debian's postgresql (`sudo bash .ci/system-deps`) or set RECALL_PG_BIN to the directory holding pg_ctl",
    find: (environment) => findPostgres(environment, '/usr/lib/postgresql'),
  },
};

/** Chromium's executable: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`. */
export function chromiumPath(environment: NodeJS.ProcessEnv = process.env): string {
  return environment.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** Where a dependency is, or why it is missing. */
export function findSystemDependency(
  name: SystemDependency,
  environment: NodeJS.ProcessEnv = process.env,
): SystemDependencyStatus {
  return SYSTEM_DEPENDENCIES[name].find(environment);
}

/**
 * The directory holding `pg_ctl`, `initdb` and `postgres`: `RECALL_PG_BIN`, else the newest
 * `<debianRoot>/<version>/bin`, else the directory on `PATH` that has all three. Throws with
 * what was searched and how to fix it when there is none.
 */
export function findPostgresBin(
  environment: NodeJS.ProcessEnv = process.env,
  debianRoot = '/usr/lib/postgresql',
): string {
  const status = findPostgres(environment, debianRoot);
  if (status.found) return status.location;
  throw new Error(`${status.problem}: ${SYSTEM_DEPENDENCIES.postgres.enable}.`);
}

/** True on CI (`CI` set to anything but `0`/`false`), where no test may be skipped. */
export function isCI(environment: NodeJS.ProcessEnv = process.env): boolean {
  const value = environment.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

/**
 * For `describe.skipIf(...)`: true when one of `names` is missing and this is not CI. On CI
 * the tests run and fail loudly instead (the global setup has already failed the run).
 */
export function lacks(...names: SystemDependency[]): boolean {
  if (isCI()) return false;
  return names.some((name) => !findSystemDependency(name).found);
}

/** The one line printed when tests are skipped for a missing dependency. */
export function skipNotice(name: SystemDependency, problem: string): string {
  const info = SYSTEM_DEPENDENCIES[name];
  return `Skipping ${info.neededBy}: ${problem}. To run them, ${info.enable}.`;
}

function findPostgres(environment: NodeJS.ProcessEnv, debianRoot: string): SystemDependencyStatus {
  const override = environment.RECALL_PG_BIN;
  if (override) {
    return hasPostgresPrograms(override)
      ? { found: true, location: override }
      : {
          found: false,
          problem: `RECALL_PG_BIN=${override} holds no ${POSTGRES_PROGRAMS.join(', ')}`,
        };
  }
  const versions = existsSync(debianRoot)
    ? readdirSync(debianRoot)
        .filter((entry) => /^\d+(\.\d+)?$/.test(entry))
        .sort((left, right) => Number(right) - Number(left))
    : [];
  const pgCtl = onPath('pg_ctl', environment);
  const directory = [
    ...versions.map((version) => join(debianRoot, version, 'bin')),
    ...(pgCtl === undefined ? [] : [dirname(pgCtl)]),
  ].find(hasPostgresPrograms);
  return directory === undefined
    ? {
        found: false,
        problem: `no PostgreSQL server binaries in ${debianRoot}/*/bin or on PATH`,
      }
    : { found: true, location: directory };
}

function hasPostgresPrograms(directory: string): boolean {
  return POSTGRES_PROGRAMS.every((program) => isExecutable(join(directory, program)));
}

function onPath(program: string, environment: NodeJS.ProcessEnv): string | undefined {
  for (const directory of (environment.PATH ?? '').split(delimiter)) {
    if (directory === '') continue;
    const path = join(directory, program);
    if (isExecutable(path)) return path;
  }
  return undefined;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
