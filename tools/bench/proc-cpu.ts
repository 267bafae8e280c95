// CPU time of processes read from /proc (Linux): what a benchmark spent in each part of the stack.
import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds a process has used (utime + stime from /proc). */
export function cpuOf(pid: number | null): number {
  if (!pid) return 0;
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of every PostgreSQL process on the machine (its backends are other processes than ours). */
export function cpuOfPostgres(): number {
  let sum = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes('(postgres)')) sum += cpuOf(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}
