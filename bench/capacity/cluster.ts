/**
 * Capacity bench of a deployment: two portal instances of the production build (`scripts/start.sh`) on one
 * PostgreSQL database behind Debian's nginx (round robin, test/instances/cluster.ts), against two hello-world
 * processes behind an nginx of the same configuration, so that nginx's cost is on both sides of the share. The
 * same routes, slices and share as bench/capacity/run.mjs (bench/capacity/paired.mjs); besides, each instance's
 * start-up time (process start to ready) and resident memory after the warm-up and after each round. See
 * bench/README.md ("Capacity").
 *
 *   npm run build && npm run bench:capacity-cluster
 *
 * Environment:
 *   BENCH_DURATION     seconds per route (default 20), and as many for the hello worlds
 *   BENCH_SLICES       slices the seconds are cut into, hello worlds and route alternating (default 4)
 *   BENCH_CONNECTIONS  concurrent connections to nginx (default 32)
 *   BENCH_ROUNDS       rounds over every route (default 2: the second shows whether memory keeps growing)
 *   BENCH_ROUTES       comma-separated keys of the routes to run (default all: /,/sla,docs,latestKB,me,search)
 *   BENCH_PORT         first of six ports (default 4350): the two instances, their nginx, the two hello
 *                      worlds, their nginx
 *   BENCH_DATABASE_URL the PostgreSQL server to make the bench's database `capacity_cluster_*` on (default
 *                      postgres://postgres@127.0.0.1:5432/postgres); it is dropped at the end
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { startNginx, type Nginx } from '../../test/instances/cluster.js';
import { databaseUrl, dropPostgresDatabase, withAdminClient } from '../../test/support/postgres-admin.js';
import { prepareAccount, signIn } from '../support/bench-accounts.js';
import { rssMb } from '../support/rss.mjs';
import { root, startPortal, type StartedPortal } from '../support/start-portal.mjs';
import {
  RSS_TARGET_MB,
  capacityRoutes,
  checkRoute,
  measurePaired,
  memoryVerdict,
  printRouteTable,
  type PairedFigures,
} from './paired.mjs';
import { startHelloWorld } from './start-hello-world.mjs';

const env = process.env;
const DURATION = Number(env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Math.max(1, Number(env.BENCH_ROUNDS ?? 2));
const SLICES = Math.max(1, Number(env.BENCH_SLICES ?? 4));
const PORT = Number(env.BENCH_PORT ?? 4350);
const ROUTES = env.BENCH_ROUTES?.split(',').map((key) => key.trim());
const SERVER_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const INSTANCE_PORTS = [PORT, PORT + 1];
const PORTAL_NGINX_PORT = PORT + 2;
const HELLO_PORTS = [PORT + 3, PORT + 4];
const HELLO_NGINX_PORT = PORT + 5;

const log = (...args: unknown[]) => console.error('[bench:capacity-cluster]', ...args);

interface Row extends PairedFigures {
  key: string;
  label: string;
  /** Each instance's resident memory after the route. */
  rssAfterMb: number[];
}

const pidOf = (portal: StartedPortal<unknown>): number => {
  if (portal.pid === undefined) throw new Error(`the portal of ${portal.baseUrl} has no process id`);
  return portal.pid;
};

async function main(): Promise<void> {
  log(
    `two instances on PostgreSQL behind nginx, ${CONNECTIONS} connections, ${DURATION} s per route and as many for two hello worlds behind nginx in ${SLICES} slices, ${ROUNDS} round(s)`,
  );
  const name = `capacity_cluster_${randomBytes(6).toString('hex')}`;
  await withAdminClient(SERVER_URL, (admin) => admin.query(`create database "${name}"`));
  const stops: Array<() => Promise<void>> = [];
  const portals: Array<StartedPortal<unknown>> = [];
  try {
    for (const port of HELLO_PORTS) {
      const hello = await startHelloWorld(port);
      stops.push(() => hello.stop());
    }
    const helloNginx: Nginx = await startNginx(HELLO_NGINX_PORT, HELLO_PORTS);
    stops.push(() => helloNginx.stop());

    const publicUrl = `http://127.0.0.1:${PORTAL_NGINX_PORT}`;
    const shared = {
      DATABASE_URL: databaseUrl(SERVER_URL, name),
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '127.0.0.1',
      // As bench:capacity: the default level, written to each instance's log file.
      LOG_LEVEL: env.LOG_LEVEL ?? 'info',
      // Every instance must sign the same way (README, "Running several instances").
      CHAT_JWT_SECRET: randomBytes(32).toString('hex'),
    };
    // One after the other, so that each start-up is timed alone: the first migrates and seeds the database,
    // the second opens a prepared one (as a deployment's second instance, or any instance after an update).
    const first = await startPortal({
      port: INSTANCE_PORTS[0] ?? PORT,
      env: { ...shared, DEMO_DATA: 'true' },
      log,
      prepare: prepareAccount('agent'),
    });
    stops.push(() => first.stop());
    portals.push(first);
    const second = await startPortal({
      port: INSTANCE_PORTS[1] ?? PORT + 1,
      env: { ...shared, DEMO_DATA: 'false' },
      log,
    });
    stops.push(() => second.stop());
    portals.push(second);
    const portalNginx = await startNginx(PORTAL_NGINX_PORT, INSTANCE_PORTS);
    stops.push(() => portalNginx.stop());

    // Sessions live in the database: one sign-in serves both instances.
    const cookie = await signIn(publicUrl, first.prepared);
    const chosen = (routes: ReturnType<typeof capacityRoutes>) =>
      routes.filter((route) => !ROUTES || ROUTES.includes(route.key));
    // Each instance directly: both must answer what is measured, and both warm up as bench:capacity's one does.
    for (const portal of portals) {
      for (const route of chosen(capacityRoutes(portal.baseUrl, cookie))) {
        await checkRoute(route);
        for (let i = 0; i < 5; i += 1) await fetch(route.url, { headers: route.headers });
      }
    }
    const pids = portals.map(pidOf);
    const sample = (): number[] => pids.map(rssMb);
    const memory = [{ when: 'after warm-up', rssMb: sample() }];
    const options = { duration: DURATION, slices: SLICES, connections: CONNECTIONS };
    const rounds: Array<{ round: number; loadBefore: number; rows: Row[] }> = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const loadBefore = loadavg()[0] ?? NaN;
      const rows: Row[] = [];
      for (const route of chosen(capacityRoutes(publicUrl, cookie))) {
        const figures = await measurePaired(route, helloNginx.url, options);
        rows.push({ key: route.key, label: route.label, ...figures, rssAfterMb: sample() });
        log(
          `round ${round}: ${route.label} ${figures.rps} req/s (hello worlds ${figures.helloRps}), p99 ${figures.p99} ms`,
        );
      }
      memory.push({ when: `after round ${round}`, rssMb: sample() });
      rounds.push({ round, loadBefore, rows });
    }

    const last = rounds.at(-1);
    if (!last) throw new Error('no round ran');
    console.log(
      `\nCapacity of two instances on PostgreSQL behind nginx, against two hello worlds behind nginx (${cpus().length} CPUs, ${CONNECTIONS} connections, ${DURATION} s each, round ${last.round} of ${ROUNDS}; load average at the end ${loadavg()[0]?.toFixed(1)})\n`,
    );
    printRouteTable(
      last.rows.map((row) => ({ ...row, rssAfter: `${row.rssAfterMb.join(' / ')} MB` })),
      'RSS after (instance 1 / 2)',
    );
    const readySeconds = portals.map((portal) => portal.readySeconds);
    const target = RSS_TARGET_MB.PostgreSQL;
    console.log(
      `\n| instance | ready in | ${memory.map((entry) => `RSS ${entry.when}`).join(' | ')} | ≤ ${target} MB |`,
    );
    console.log(`|---|---|${memory.map(() => '---|').join('')}---|`);
    const verdicts = pids.map((_, i) => {
      const samples = memory.map((entry) => entry.rssMb[i] ?? NaN);
      const { met, growthMb } = memoryVerdict(samples, target);
      const growth = growthMb === null ? '' : `, last round ${growthMb >= 0 ? '+' : ''}${growthMb} MB`;
      console.log(
        `| ${i + 1} | ${readySeconds[i]?.toFixed(1)} s | ${samples.map((mb) => `${mb} MB`).join(' | ')} | ${met ? 'met' : 'missed'}${growth} |`,
      );
      return { met, growthMb };
    });

    const results = join(root, 'bench/results');
    await mkdir(results, { recursive: true });
    const file = join(results, `capacity-cluster-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    await writeFile(
      file,
      JSON.stringify(
        { cpus: cpus().length, CONNECTIONS, DURATION, SLICES, readySeconds, rounds, memory, verdicts },
        null,
        2,
      ),
    );
    log(`results written to ${file}`);
  } catch (error) {
    for (const portal of portals) await portal.stop({ showLog: true }).catch(() => undefined);
    throw error;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await dropPostgresDatabase(SERVER_URL, name);
  }
}

await main();
