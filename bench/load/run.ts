/**
 * Load bench: two portal instances of the production build (`scripts/start.sh`, as `npm start` runs them) on
 * one PostgreSQL database behind Debian's nginx (round robin, test/instances/cluster.ts), and mixed traffic
 * for a fixed time from many keep-alive connections: home, search with a new query every time, `/docs`
 * articles, the latest articles, and signed in `me`, notices, the ticket list and a ticket page. It prints,
 * per route, the requests, the answers that were not 2xx (by status) and transport errors, p50 and p99; the
 * resident memory of each instance every 5 s (the lowest of five readings a second apart, rss-sampler.ts), and
 * whether its last third stayed within 5 %. The same traffic runs first for a warm-up that is not measured (its
 * failures are still counted): a fresh process grows for its first minute or so whatever it serves (V8 compiles
 * the hot code and sizes its heap to the load, the bounded caches fill, Node parses the server bundle's source
 * map at the first error it logs), and the memory target is about memory that keeps growing. See
 * bench/README.md ("Load").
 *
 *   npm run build && npm run bench:load
 *
 * Environment:
 *   LOAD_SECONDS       how long the measured traffic runs (default 60)
 *   LOAD_WARMUP_SECONDS how long the same traffic runs before it, unmeasured (default 30; 0 for none)
 *   LOAD_CONNECTIONS   concurrent keep-alive connections (default 100)
 *   BENCH_PORT         first of three ports: the two instances, then nginx (default 4440)
 *   BENCH_DATABASE_URL the PostgreSQL server to make the bench's database on (default
 *                      postgres://postgres@127.0.0.1:5432/test); the database is dropped at the end
 *   LOAD_PROFILE_DIR   when set, each portal writes a V8 CPU profile of the measured load there,
 *                      `<pid>-1.cpuprofile` (bench/support/cpu-profile-on-signal.mjs)
 *   LOAD_MEMORY_DIR    when set, each portal writes what its memory is made of there every second,
 *                      `<pid>.memory.jsonl` (bench/support/memory-on-interval.mjs: heap, external, array
 *                      buffers, anonymous and file-backed resident memory), and the bench prints those series
 *                      at its own sample times beside the resident memory
 *
 * The load generator runs on the same cores as the portals, nginx and PostgreSQL: compare figures of one
 * machine, not across machines.
 */
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { startNginx, type Nginx } from '../../test/instances/cluster.js';
import { databaseUrl, dropPostgresDatabase, withAdminClient } from '../../test/support/postgres-admin.js';
import { startPortal } from '../support/start-portal.mjs';
import { prepareAccount, signIn } from '../support/bench-accounts.js';
import { memorySplitRows } from './memory-split.js';
import { ROUTES } from './routes.js';
import { sampleRss, type RssSeries } from './rss-sampler.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? 4440);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PROFILE_DIR = process.env.LOAD_PROFILE_DIR;
const MEMORY_DIR = process.env.LOAD_MEMORY_DIR;

const log = (...args: unknown[]) => console.error('[bench:load]', ...args);

interface RouteFigures {
  /** Each answered request's time, in ms (a minute of load is some 100,000 numbers: sorting them is cheap). */
  times: number[];
  statuses: Map<number, number>;
  errors: number;
}

/**
 * The errors a portal logged (level 50 and up), counted by message: when a request failed, its cause is in
 * the portal's log, which stop() removes.
 */
function loggedErrors(logFile: string): Map<string, number> {
  const counts = new Map<string, number>();
  if (!existsSync(logFile)) return counts;
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) < 50) continue;
      const what = `${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`;
      counts.set(what, (counts.get(what) ?? 0) + 1);
    } catch {
      // Not a log line of the portal's (a stack trace written to stderr).
    }
  }
  return counts;
}

/** One GET through nginx; answers its status (0 for a transport error) once the whole body has arrived. */
function get(agent: Agent, path: string, cookie: string | undefined): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT + 2,
        path,
        agent,
        headers: { 'accept-encoding': 'br, gzip', ...(cookie ? { cookie } : {}) },
        timeout: 30_000,
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(0));
    req.end();
  });
}

async function drive(cookie: string, seconds: number): Promise<Map<string, RouteFigures>> {
  const figures = new Map<string, RouteFigures>(
    ROUTES.map((route) => [route.label, { times: [], statuses: new Map(), errors: 0 }]),
  );
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const endsAt = Date.now() + seconds * 1000;
  let next = 0;
  const connection = async (): Promise<void> => {
    while (Date.now() < endsAt) {
      const route = ROUTES[next++ % ROUTES.length];
      if (!route) continue;
      const figure = figures.get(route.label);
      if (!figure) continue;
      const started = process.hrtime.bigint();
      const status = await get(agent, route.path(), route.signedIn ? cookie : undefined);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (status === 0) figure.errors += 1;
      else {
        figure.times.push(ms);
        figure.statuses.set(status, (figure.statuses.get(status) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  agent.destroy();
  return figures;
}

/** Answers that were not 2xx, and transport errors. */
function failuresOf(figure: RouteFigures): number {
  const not2xx = [...figure.statuses].filter(([status]) => status < 200 || status > 299);
  return figure.errors + not2xx.reduce((sum, [, n]) => sum + n, 0);
}

/** Whether the last third of the samples stays within 5 % of its lowest value. */
function flat(samples: number[]): { flat: boolean; spread: number } {
  const last = samples.slice(Math.floor((samples.length * 2) / 3));
  const low = Math.min(...last);
  const spread = low > 0 ? (Math.max(...last) - low) / low : NaN;
  return { flat: spread <= 0.05, spread };
}

/** The preloads each portal gets (start.sh execs Node, which reads NODE_OPTIONS). */
function preloads(): Record<string, string> {
  const files = [
    ...(PROFILE_DIR ? ['cpu-profile-on-signal.mjs'] : []),
    ...(MEMORY_DIR ? ['memory-on-interval.mjs'] : []),
  ];
  if (files.length === 0) return {};
  return {
    NODE_OPTIONS: files
      .map((file) => `--import=${new URL(`../support/${file}`, import.meta.url).href}`)
      .join(' '),
    ...(PROFILE_DIR ? { CPU_PROFILE_DIR: PROFILE_DIR } : {}),
    ...(MEMORY_DIR ? { MEMORY_LOG_DIR: MEMORY_DIR } : {}),
  };
}

async function main(): Promise<void> {
  const name = `portal_load_${randomBytes(6).toString('hex')}`;
  await withAdminClient(SERVER_URL, (admin) => admin.query(`create database "${name}"`));
  const DATABASE_URL = databaseUrl(SERVER_URL, name);
  const publicUrl = `http://127.0.0.1:${PORT + 2}`;
  const shared = {
    DATABASE_URL,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Every instance must sign the same way (README, "Running several instances").
    CHAT_JWT_SECRET: randomBytes(32).toString('hex'),
    // The CPU profile is taken between two SIGWINCH, sent below around the measured load.
    ...preloads(),
  };
  const stops: Array<() => Promise<void>> = [];
  let nginx: Nginx | undefined;
  try {
    const first = await startPortal({
      port: PORT,
      env: { ...shared, DEMO_DATA: 'true' },
      log,
      prepare: prepareAccount('agent'),
    });
    stops.push(() => first.stop());
    const second = await startPortal({ port: PORT + 1, env: { ...shared, DEMO_DATA: 'false' }, log });
    stops.push(() => second.stop());
    nginx = await startNginx(PORT + 2, [PORT, PORT + 1]);
    const cookie = await signIn(publicUrl, first.prepared);
    // Every route answers once before the load, so a broken route is a message, not a column of errors.
    for (const route of ROUTES) {
      const status = await get(new Agent(), route.path(), route.signedIn ? cookie : undefined);
      if (status !== 200) throw new Error(`${route.label} answered ${status} before the load`);
    }
    const pids = [first.pid, second.pid].filter((pid): pid is number => pid !== undefined);
    // Sampled through the warm-up too (shown, not judged), then anew over the measured traffic.
    const sampler = sampleRss(pids);
    let warmupRss: RssSeries | undefined;
    let warmupFailures = 0;
    let warmupRequests = 0;
    if (WARMUP_SECONDS > 0) {
      log(`warm-up: ${WARMUP_SECONDS} s of the same traffic, not measured…`);
      const warmup = await drive(cookie, WARMUP_SECONDS);
      for (const figure of warmup.values()) {
        warmupRequests += figure.times.length + figure.errors;
        warmupFailures += failuresOf(figure);
      }
      warmupRss = sampler.next();
    }
    log(`${SECONDS} s at ${CONNECTIONS} connections through nginx to two instances…`);
    const profile = (): void => {
      if (PROFILE_DIR) pids.forEach((pid) => process.kill(pid, 'SIGWINCH'));
    };
    profile();
    const started = Date.now();
    const figures = await drive(cookie, SECONDS);
    profile();
    const rss = sampler.stop();
    const seconds = (Date.now() - started) / 1000;

    console.log(
      `\nLoad: ${SECONDS} s, ${CONNECTIONS} connections, nginx round robin over two instances on PostgreSQL` +
        (WARMUP_SECONDS > 0
          ? `, after a ${WARMUP_SECONDS} s warm-up of the same traffic (${warmupRequests} requests, ${warmupFailures} failed)`
          : ''),
    );
    console.log(
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average at the end ${loadavg()[0]?.toFixed(1)}\n`,
    );
    console.log('| route | requests | req/s | not 2xx | transport errors | p50 ms | p99 ms |');
    console.log('| --- | ---: | ---: | --- | ---: | ---: | ---: |');
    let failures = warmupFailures;
    for (const route of ROUTES) {
      const figure = figures.get(route.label);
      if (!figure) continue;
      const requests = [...figure.statuses.values()].reduce((a, b) => a + b, 0) + figure.errors;
      const not2xx = [...figure.statuses].filter(([status]) => status < 200 || status > 299);
      failures += failuresOf(figure);
      const sorted = [...figure.times].sort((a, b) => a - b);
      const at = (share: number) =>
        sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
      console.log(
        `| ${route.label} | ${requests} | ${(requests / seconds).toFixed(0)} | ${
          not2xx.map(([status, n]) => `${n} × ${status}`).join(', ') || '0'
        } | ${figure.errors} | ${at(0.5).toFixed(1)} | ${at(0.99).toFixed(1)} |`,
      );
    }
    console.log('\n| instance | RSS every 5 s | warm-up (MB) | measured (MB) | last third within 5 % |');
    console.log('| --- | --- | --- | --- | --- |');
    rss.floor.forEach((samples, i) => {
      const verdict = flat(samples);
      const instant = flat(rss.instant[i] ?? []);
      console.log(
        `| ${i + 1} | lowest of 5 s (judged) | ${warmupRss?.floor[i]?.join(' ') || '-'} | ${samples.join(' ')} | ${verdict.flat ? 'yes' : 'no'} (spread ${(verdict.spread * 100).toFixed(1)} %) |`,
      );
      console.log(
        `| ${i + 1} | at the 5 s mark | ${warmupRss?.instant[i]?.join(' ') || '-'} | ${rss.instant[i]?.join(' ')} | ${instant.flat ? 'yes' : 'no'} (spread ${(instant.spread * 100).toFixed(1)} %) |`,
      );
    });
    if (MEMORY_DIR) {
      console.log('\n| instance | measured at the same times (MB) | series | last third spread |');
      console.log('| --- | --- | --- | ---: |');
      for (const row of memorySplitRows(MEMORY_DIR, pids, rss.times, (samples) => flat(samples).spread))
        console.log(row);
    }
    const growing = rss.floor.some((samples) => !flat(samples).flat);
    console.log(
      `\n${failures === 0 ? 'no failed request' : `${failures} failed requests`}; memory ${growing ? 'still growing' : 'flat'}`,
    );
    if (failures > 0) {
      [first, second].forEach((portal, i) => {
        for (const [what, n] of loggedErrors(portal.logFile))
          console.log(`instance ${i + 1} logged ${n} × ${what}`);
      });
    }
    if (failures > 0 || growing) process.exitCode = 1;
  } finally {
    await nginx?.stop();
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await dropPostgresDatabase(SERVER_URL, name);
  }
}

await main();
