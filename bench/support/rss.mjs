/** Resident memory of a process, in whole MB (Linux: VmRSS of /proc/<pid>/status). */
import { readFileSync } from 'node:fs';

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024);
}
