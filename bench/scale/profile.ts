import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** One function's self time in a CPU profile. */
export interface SelfTime {
  name: string;
  /** Samples that landed in the function. */
  samples: number;
  /** Of all non-idle samples. */
  share: number;
}

// Shares count samples, not the time between them: V8 samples the running thread at a steady
// rate, but on a loaded machine the gap before a sample also holds the time the thread waited
// for a core, which would be charged to whatever ran next (a system call that woke another
// process, most often). Counted, each sample weighs what the thread ran.

/** Who the socket writes (`writev`) were for: the PostgreSQL driver, WebSockets, or other. */
export interface WriteCallers {
  postgres: number;
  webSocket: number;
  other: number;
}

/**
 * Splits the self time of `writev` in the `.cpuprofile` files of `directory` by the code on
 * its stack: the `pg` driver (its queries), `ws` or the server (WebSocket frames), or neither
 * (a write flushed later from Node's own queue, which names no caller).
 * Shares of all `writev` time.
 */
export function writevCallers(directory: string): WriteCallers {
  const totals = { postgres: 0, webSocket: 0, other: 0 };
  for (const file of readdirSync(directory).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(directory, file), 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const parents = new Map<number, number>();
    for (const node of profile.nodes) {
      for (const child of node.children ?? []) parents.set(child, node.id);
    }
    const callerOf = (id: number): keyof WriteCallers => {
      for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
        const url = nodes.get(at)?.callFrame.url ?? '';
        if (/node_modules\/pg(-protocol|-pool)?\//.test(url)) return 'postgres';
        if (/node_modules\/ws\/|packages\/ws\/src\//.test(url)) return 'webSocket';
      }
      return 'other';
    };
    profile.samples.forEach((id) => {
      if (nodes.get(id)?.callFrame.functionName !== 'writev') return;
      totals[callerOf(id)] += 1;
    });
  }
  const all = totals.postgres + totals.webSocket + totals.other || 1;
  return {
    postgres: totals.postgres / all,
    webSocket: totals.webSocket / all,
    other: totals.other / all,
  };
}

/**
 * The functions with the most self time in the `.cpuprofile` files of `directory` (written
 * by V8's CPU profiler), idle time left out; `share` is of all non-idle samples.
 */
export function topSelfTime(directory: string, count = 5): SelfTime[] {
  const totals = new Map<string, number>();
  let busy = 0;
  for (const file of readdirSync(directory).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(directory, file), 'utf8')) as CpuProfile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    for (const id of profile.samples) {
      const frame = nodes.get(id)?.callFrame;
      // Idle time, and the profiler's own start and stop, are not the server's work.
      if (frame === undefined || frame.functionName === '(idle)') continue;
      if (frame.url.startsWith('node:inspector')) continue;
      const where = frame.url === '' ? '' : ` ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
      const name = `${frame.functionName || '(anonymous)'}${where}`;
      totals.set(name, (totals.get(name) ?? 0) + 1);
      busy += 1;
    }
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, samples]) => ({ name, samples, share: busy === 0 ? 0 : samples / busy }));
}

function shortUrl(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  const marker = ['/node_modules/', '/packages/'].find((part) => path.includes(part));
  return marker === undefined
    ? path.split('/').slice(-2).join('/')
    : path.slice(path.lastIndexOf(marker) + 1);
}
