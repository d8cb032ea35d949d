/**
 * What each route of the load bench's mix costs on its own: one portal of the build (as the load bench starts
 * it, on a fresh PostgreSQL database `portal_load_*`, signed in as the bench's agent), each route asked
 * `PER_ROUTE_REQUESTS` times one after another over one keep-alive connection after a warm-up of the same
 * count; printed per route: p50 and p99 of the answer time, and the portal process's CPU per request (user and
 * system time of all its threads, compression on libuv's pool included, from /proc). The load bench says how
 * the mix behaves together; this says where its cost comes from. See bench/README.md ("Load").
 *
 *   npm run build && node --import tsx bench/load/per-route.ts
 *
 * Environment: BENCH_PORT (default 4440), BENCH_DATABASE_URL (as the load bench), PER_ROUTE_REQUESTS (100),
 * LOAD_PROFILE_DIR (a CPU profile of each route's measured requests, `<pid>-<n>.cpuprofile` in the order of
 * the table).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { databaseUrl, dropPostgresDatabase, withAdminClient } from '../../test/support/postgres-admin.js';
import { startPortal } from '../support/start-portal.mjs';
import { prepareAccount, signIn } from '../support/bench-accounts.js';
import { ROUTES } from './routes.js';

const PORT = Number(process.env.BENCH_PORT ?? 4440);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REQUESTS = Number(process.env.PER_ROUTE_REQUESTS ?? 100);
const PROFILE_DIR = process.env.LOAD_PROFILE_DIR;
/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

const log = (...args: unknown[]) => console.error('[bench:load per-route]', ...args);

/** User plus system time of the whole process, in ms. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces) start at its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

function get(agent: Agent, path: string, cookie: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        agent,
        headers: { 'accept-encoding': 'br, gzip', ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function main(): Promise<void> {
  const name = `portal_load_${randomBytes(6).toString('hex')}`;
  await withAdminClient(SERVER_URL, (admin) => admin.query(`create database "${name}"`));
  try {
    const portal = await startPortal({
      port: PORT,
      env: {
        DATABASE_URL: databaseUrl(SERVER_URL, name),
        LOG_LEVEL: 'warn',
        ...(PROFILE_DIR
          ? {
              NODE_OPTIONS: `--import=${new URL('../support/cpu-profile-on-signal.mjs', import.meta.url).href}`,
              CPU_PROFILE_DIR: PROFILE_DIR,
            }
          : {}),
      },
      log,
      prepare: prepareAccount('agent'),
    });
    try {
      const pid = portal.pid;
      if (pid === undefined) throw new Error('the portal has no process id');
      const cookie = await signIn(portal.baseUrl, portal.prepared);
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      console.log(`\nPer route: ${REQUESTS} requests each, one after another, after as many to warm up`);
      console.log(`load average at the start ${loadavg()[0]?.toFixed(1)}\n`);
      console.log('| route | p50 ms | p99 ms | portal CPU ms per request |');
      console.log('| --- | ---: | ---: | ---: |');
      for (const route of ROUTES) {
        const cookieFor = route.signedIn ? cookie : undefined;
        for (let i = 0; i < REQUESTS; i++) {
          const status = await get(agent, route.path(), cookieFor);
          if (status !== 200) throw new Error(`${route.label} answered ${status}`);
        }
        if (PROFILE_DIR) process.kill(pid, 'SIGWINCH');
        const times: number[] = [];
        const cpuBefore = cpuMs(pid);
        for (let i = 0; i < REQUESTS; i++) {
          const started = performance.now();
          await get(agent, route.path(), cookieFor);
          times.push(performance.now() - started);
        }
        const cpu = (cpuMs(pid) - cpuBefore) / REQUESTS;
        if (PROFILE_DIR) process.kill(pid, 'SIGWINCH');
        times.sort((a, b) => a - b);
        const at = (share: number) =>
          times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? NaN;
        console.log(
          `| ${route.label} | ${at(0.5).toFixed(1)} | ${at(0.99).toFixed(1)} | ${cpu.toFixed(1)} |`,
        );
      }
      agent.destroy();
      console.log(`\nload average at the end ${loadavg()[0]?.toFixed(1)}`);
    } finally {
      await portal.stop();
    }
  } finally {
    await dropPostgresDatabase(SERVER_URL, name);
  }
}

await main();
