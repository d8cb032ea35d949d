#!/usr/bin/env node
/**
 * Capacity bench (issue 11): how much of an outage-day spike the portal absorbs. Starts the production build
 * (PGlite, or PostgreSQL when DATABASE_URL is set) and a Fastify hello-world route in a process of its own,
 * then runs autocannon against the hello world and each route in turn, and prints requests/s, p50, p99, the
 * share of the hello-world rate of the same round, and the portal's resident memory before and after each
 * round. See bench/README.md.
 *
 *   npm run build && npm run bench:capacity
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_capacity npm run bench:capacity
 *
 * Environment:
 *   BENCH_DURATION     seconds per route (default 20), and as many for its hello world
 *   BENCH_SLICES       slices the seconds are cut into, hello world and route alternating (default 4)
 *   BENCH_CONNECTIONS  concurrent connections (default 32)
 *   BENCH_ROUNDS       rounds over every route (default 2: the second shows whether memory keeps growing)
 *   BENCH_PORT         port of the portal the bench starts (default 4340); the hello world takes the next one
 *   BENCH_ROUTES       comma-separated keys of the routes to run (default all: /,/sla,docs,latestKB,me,search)
 *   DATABASE_URL       run the portal on this PostgreSQL database instead of PGlite (demo data is seeded)
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { prepareAccount, signIn } from '../support/bench-accounts.js';
import { rssMb } from '../support/rss.mjs';
import { root, startPortal, waitForReady } from '../support/start-portal.mjs';
import {
  RSS_TARGET_MB,
  capacityRoutes,
  checkRoute,
  measurePaired,
  memoryVerdict,
  printRouteTable,
} from './paired.mjs';
import { startHelloWorld } from './start-hello-world.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const SLICES = Math.max(1, Number(process.env.BENCH_SLICES ?? 4));
const PORT = Number(process.env.BENCH_PORT ?? 4340);
const HELLO_PORT = PORT + 1;
const DATABASE = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const ROUTES = process.env.BENCH_ROUTES?.split(',').map((key) => key.trim());

const log = (...args) => console.error('[bench:capacity]', ...args);

async function main() {
  log(
    `${DATABASE}, ${CONNECTIONS} connections, ${DURATION} s per route and as many for the hello world in ${SLICES} slices, ${ROUNDS} round(s)`,
  );
  const hello = await startHelloWorld(HELLO_PORT);
  const env = { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' };
  const portal = await startPortal({ port: PORT, env, log, prepare: prepareAccount('agent') });
  const rounds = [];
  try {
    await waitForReady(portal.baseUrl, null, '(portal)');
    const cookie = await signIn(portal.baseUrl, portal.prepared);
    const list = capacityRoutes(portal.baseUrl, cookie).filter((t) => !ROUTES || ROUTES.includes(t.key));
    // Warm-up: each route a few times (renders kept, the JIT warm), as on a portal that has been up a while.
    for (const route of list) {
      await checkRoute(route);
      for (let i = 0; i < 5; i += 1) await fetch(route.url, { headers: route.headers });
    }
    const memory = [{ when: 'after warm-up', rssMb: rssMb(portal.pid) }];
    const options = { duration: DURATION, slices: SLICES, connections: CONNECTIONS };
    for (let round = 1; round <= ROUNDS; round += 1) {
      const loadBefore = loadavg()[0];
      const rows = [];
      for (const route of list) {
        const row = await measurePaired(route, hello.url, options);
        rows.push({ key: route.key, label: route.label, ...row, rssAfterMb: rssMb(portal.pid) });
        log(
          `round ${round}: ${route.label} ${row.rps} req/s (hello world ${row.helloRps}), p99 ${row.p99} ms`,
        );
      }
      memory.push({ when: `after round ${round}`, rssMb: rssMb(portal.pid) });
      rounds.push({ round, loadBefore, rows });
    }

    const last = rounds.at(-1);
    console.log(
      `\nCapacity on ${DATABASE} (${cpus().length} CPUs, ${CONNECTIONS} connections, ${DURATION} s each, round ${last.round} of ${ROUNDS})\n`,
    );
    printRouteTable(
      last.rows.map((row) => ({ ...row, rssAfter: `${row.rssAfterMb} MB` })),
      'portal RSS after',
    );
    console.log(`\nready in ${portal.readySeconds.toFixed(1)} s`);
    console.log('\n| resident memory of the portal | MB |');
    console.log('|---|---|');
    for (const entry of memory) console.log(`| ${entry.when} | ${entry.rssMb} |`);
    const target = RSS_TARGET_MB[DATABASE];
    const { met, growthMb } = memoryVerdict(
      memory.map((entry) => entry.rssMb),
      target,
    );
    console.log(
      `\nmemory target ≤ ${target} MB: ${met ? 'met' : 'missed'}` +
        (growthMb === null ? '' : `; growth over the last round ${growthMb >= 0 ? '+' : ''}${growthMb} MB`),
    );

    const results = join(root, 'bench/results');
    await mkdir(results, { recursive: true });
    const file = join(
      results,
      `capacity-${DATABASE.toLowerCase()}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    );
    await writeFile(
      file,
      JSON.stringify(
        {
          database: DATABASE,
          cpus: cpus().length,
          CONNECTIONS,
          DURATION,
          SLICES,
          readySeconds: portal.readySeconds,
          rounds,
          memory,
        },
        null,
        2,
      ),
    );
    log(`results written to ${file}`);
  } catch (error) {
    await portal.stop({ showLog: true }).catch(() => {});
    await hello.stop();
    throw error;
  }
  await portal.stop();
  await hello.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
