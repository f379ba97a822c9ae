import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** One function's self time in a CPU profile. */
export interface SelfTime {
  name: string;
  milliseconds: number;
  share: number;
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
    profile.samples.forEach((id, index) => {
      const frame = nodes.get(id)?.callFrame;
      // Idle time, and the profiler's own start and stop, are not the server's work.
      if (frame === undefined || frame.functionName === '(idle)') return;
      if (frame.url.startsWith('node:inspector')) return;
      const microseconds = profile.timeDeltas[index] ?? 0;
      const where = frame.url === '' ? '' : ` ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
      const name = `${frame.functionName || '(anonymous)'}${where}`;
      totals.set(name, (totals.get(name) ?? 0) + microseconds);
      busy += microseconds;
    });
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, microseconds]) => ({
      name,
      milliseconds: microseconds / 1000,
      share: busy === 0 ? 0 : microseconds / busy,
    }));
}

function shortUrl(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  const marker = ['/node_modules/', '/packages/'].find((part) => path.includes(part));
  return marker === undefined
    ? path.split('/').slice(-2).join('/')
    : path.slice(path.lastIndexOf(marker) + 1);
}
