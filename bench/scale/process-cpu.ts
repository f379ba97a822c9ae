import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function stat(pid: string): { ppid: number; ticks: number } | undefined {
  try {
    // Fields after the command name (which may hold spaces) start at field 3.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

/**
 * CPU milliseconds used so far by the PostgreSQL server listening on `port` (the postmaster
 * and its backends; those that have exited are not counted), or undefined where /proc is
 * missing or the server is not found.
 */
export function postgresCpuMs(port: number): number | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const postmaster = pids.find((pid) => {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return (
        args[0]?.endsWith('postgres') === true && args.includes(`-p`) && args.includes(String(port))
      );
    } catch {
      return false;
    }
  });
  if (postmaster === undefined) return undefined;
  let ticks = stat(postmaster)?.ticks ?? 0;
  for (const pid of pids) {
    const entry = stat(pid);
    if (entry?.ppid === Number(postmaster)) ticks += entry.ticks;
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
