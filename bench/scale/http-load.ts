/**
 * The scale bench's load generator: keep-alive HTTP requests from this process, closed loop (as many at once
 * as there are connections: the highest rate) or open loop (one request every 1/rate s whether the earlier ones
 * have answered or not, latency counted from the time a request was due, so a slow server cannot slow the
 * sender down and hide its queue), and the CPU time a process has used, from /proc.
 */
import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';

export interface Sent {
  status: number;
  ms: number;
}

export interface Target {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
}

/** One request on `agent`; answers its status (0 for a transport error) once the whole body has arrived. */
export function send(agent: Agent, baseUrl: string, target: Target): Promise<number> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: target.method ?? 'GET',
        path: target.path,
        agent,
        headers: { 'accept-encoding': 'br, gzip', ...target.headers },
        timeout: 30_000,
      },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(0));
    req.end(target.body);
  });
}

/** `connections` loops sending `next()` for `seconds`: answers the rate reached and each request's time. */
export async function closedLoop(
  baseUrl: string,
  next: () => Target,
  options: { connections: number; seconds: number },
): Promise<{ rate: number; sent: Sent[] }> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const sent: Sent[] = [];
  const started = performance.now();
  const endsAt = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < endsAt) {
        const at = performance.now();
        const status = await send(agent, baseUrl, next());
        sent.push({ status, ms: performance.now() - at });
      }
    }),
  );
  agent.destroy();
  return { rate: sent.length / ((performance.now() - started) / 1000), sent };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `rate` requests a second for `seconds`, each sent when due; latency from the time it was due. */
export async function openLoop(
  baseUrl: string,
  next: () => Target,
  options: { rate: number; seconds: number },
): Promise<Sent[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const count = Math.max(1, Math.round(options.rate * options.seconds));
  const interval = 1000 / options.rate;
  const start = performance.now() + 20;
  const pending: Array<Promise<Sent>> = [];
  for (let i = 0; i < count; i += 1) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    pending.push(send(agent, baseUrl, next()).then((status) => ({ status, ms: performance.now() - due })));
  }
  const sent = await Promise.all(pending);
  agent.destroy();
  return sent;
}

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux everywhere). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system, ms) a process has used, or undefined when it is gone. */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start at the last ')': utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}
