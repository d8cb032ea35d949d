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
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from '../support/autocannon.mjs';
import { root, startPortal, waitForReady } from '../support/start-portal.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const SLICES = Math.max(1, Number(process.env.BENCH_SLICES ?? 4));
const PORT = Number(process.env.BENCH_PORT ?? 4340);
const HELLO_PORT = PORT + 1;
const DATABASE = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const ROUTES = process.env.BENCH_ROUTES?.split(',').map((key) => key.trim());

/** The targets: share of the hello-world rate and p99 per route, and resident memory. */
const TARGETS = {
  share: { '/': 0.3, '/sla': 0.3, docs: 0.3, latestKB: 0.3, me: 0.1 },
  p99Ms: { '/': 20, '/sla': 20, docs: 20, latestKB: 20 },
  rssMb: DATABASE === 'PGlite' ? 400 : 250,
};

const log = (...args) => console.error('[bench:capacity]', ...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process, in MB (Linux: VmRSS of /proc/<pid>/status). */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

async function startHelloWorld() {
  const child = spawn(process.execPath, [join(root, 'bench/capacity/hello-world.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(HELLO_PORT) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${HELLO_PORT}`;
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) throw new Error(`the hello world exited with ${child.exitCode}`);
    const up = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (up) {
      return {
        url,
        async stop() {
          if (child.exitCode === null) {
            child.kill('SIGTERM');
            await once(child, 'exit');
          }
        },
      };
    }
    await sleep(100);
  }
  throw new Error('the hello world did not start');
}

/** An agent of the bench's own in the portal's database (production refuses the demo accounts). */
function prepareAgent(env) {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/capacity/prepare-agent.ts'], {
    cwd: root,
    env: { ...env, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1));
}

/** A session cookie of the agent, through the credential form's call. */
async function signIn(baseUrl, agent) {
  const res = await fetch(`${baseUrl}/api/zendesk/authenticate`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ user: agent.email, pass: agent.password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${agent.email} failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  return cookies.join('; ');
}

/** A docs article of the demo content (content/docs). */
const DOCS_ARTICLE = 'upgrade-path-7-2-to-8-1';

/** The routes of the issue, in order; `key` names the target. */
function targets(baseUrl, cookie) {
  const browser = { 'accept-encoding': 'br, gzip' };
  return [
    { key: '/', label: 'GET /', url: `${baseUrl}/`, headers: browser },
    { key: '/sla', label: 'GET /sla', url: `${baseUrl}/sla`, headers: browser },
    {
      key: 'docs',
      label: `GET /docs?article=${DOCS_ARTICLE}`,
      url: `${baseUrl}/docs?article=${DOCS_ARTICLE}`,
      headers: browser,
      // The server render holds the article (a missing one is left to the browser: a smaller page).
      mustContain: 'id="docs-article-title"',
    },
    {
      key: 'latestKB',
      label: 'GET /api/aggregator/latestKB',
      url: `${baseUrl}/api/aggregator/latestKB`,
      headers: browser,
    },
    {
      key: 'me',
      label: 'GET /api/zendesk/me (signed in)',
      url: `${baseUrl}/api/zendesk/me`,
      headers: { ...browser, cookie },
    },
    {
      key: 'search',
      label: 'GET /search?q=gateway',
      url: `${baseUrl}/search?q=gateway`,
      headers: browser,
    },
  ];
}

async function measure(url, headers, duration) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * A route and the hello world in alternating slices (hello world first), so that both see the same machine:
 * on this shared VM the hello world's own rate drifts by a third within minutes, and a share against one
 * figure measured minutes earlier moved as much as the route did. Rates are total requests over total
 * seconds; p50 and p99 are the highest of the route's slices.
 */
async function measurePaired(target) {
  const slice = DURATION / SLICES;
  const hello = [];
  const route = [];
  for (let i = 0; i < SLICES; i += 1) {
    hello.push(await measure(target.helloUrl, {}, slice));
    route.push(await measure(target.url, target.headers, slice));
  }
  const rate = (runs) =>
    runs.reduce((sum, run) => sum + run.requests, 0) / runs.reduce((sum, run) => sum + run.seconds, 0);
  const sum = (runs, key) => runs.reduce((total, run) => total + run[key], 0);
  const helloRps = rate(hello);
  const rps = rate(route);
  return {
    helloRps: Math.round(helloRps),
    rps: Math.round(rps),
    p50: Math.max(...route.map((run) => run.p50)),
    p99: Math.max(...route.map((run) => run.p99)),
    non2xx: sum(route, 'non2xx'),
    errors: sum(route, 'errors'),
    share: rps / helloRps,
  };
}

/** Fails the bench when a route does not answer what it is meant to measure (a missing article, say). */
async function checkTarget(target) {
  const res = await fetch(target.url, { headers: target.headers });
  const body = await res.text();
  if (res.status !== 200 || (target.mustContain && !body.includes(target.mustContain))) {
    throw new Error(`${target.label} answered ${res.status} without ${target.mustContain ?? 'a 200'}`);
  }
}

const pct = (share) => `${(share * 100).toFixed(1)} %`;

function verdict(key, row) {
  const misses = [];
  const share = TARGETS.share[key];
  if (share !== undefined && row.share < share) misses.push(`share < ${pct(share)}`);
  const p99 = TARGETS.p99Ms[key];
  if (p99 !== undefined && row.p99 > p99) misses.push(`p99 > ${p99} ms`);
  if (share === undefined && p99 === undefined) return '';
  return misses.length ? `missed (${misses.join(', ')})` : 'met';
}

async function main() {
  log(
    `${DATABASE}, ${CONNECTIONS} connections, ${DURATION} s per route and as many for the hello world in ${SLICES} slices, ${ROUNDS} round(s)`,
  );
  const hello = await startHelloWorld();
  const env = { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' };
  const portal = await startPortal({ port: PORT, env, log, prepare: prepareAgent });
  const rounds = [];
  try {
    await waitForReady(portal.baseUrl, null, '(portal)');
    const cookie = await signIn(portal.baseUrl, portal.prepared);
    const list = targets(portal.baseUrl, cookie).filter((t) => !ROUTES || ROUTES.includes(t.key));
    // Warm-up: each route a few times (renders kept, the JIT warm), as on a portal that has been up a while.
    for (const target of list) {
      await checkTarget(target);
      for (let i = 0; i < 5; i += 1) await fetch(target.url, { headers: target.headers });
    }
    const memory = [{ when: 'after warm-up', rssMb: rssMb(portal.pid) }];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const loadBefore = loadavg()[0];
      const rows = [];
      for (const target of list) {
        const row = await measurePaired({ ...target, helloUrl: hello.url });
        rows.push({ key: target.key, label: target.label, ...row, rssAfterMb: rssMb(portal.pid) });
        log(
          `round ${round}: ${target.label} ${row.rps} req/s (hello world ${row.helloRps}), p99 ${row.p99} ms`,
        );
      }
      memory.push({ when: `after round ${round}`, rssMb: rssMb(portal.pid) });
      rounds.push({ round, loadBefore, rows });
    }

    const last = rounds.at(-1);
    console.log(
      `\nCapacity on ${DATABASE} (${cpus().length} CPUs, ${CONNECTIONS} connections, ${DURATION} s each, round ${last.round} of ${ROUNDS})\n`,
    );
    console.log(
      '| route | requests/s | p50 | p99 | hello world requests/s | share of hello world | non-2xx | target | portal RSS after |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const row of last.rows) {
      console.log(
        `| ${row.label} | ${row.rps.toLocaleString('en')} | ${row.p50} ms | ${row.p99} ms | ${row.helloRps.toLocaleString('en')} | ${pct(row.share)} | ${row.non2xx + row.errors} | ${verdict(row.key, row)} | ${row.rssAfterMb} MB |`,
      );
    }
    console.log('\n| resident memory of the portal | MB |');
    console.log('|---|---|');
    for (const entry of memory) console.log(`| ${entry.when} | ${entry.rssMb} |`);
    const final = memory.at(-1).rssMb;
    const growth = memory.length > 2 ? final - memory.at(-2).rssMb : null;
    console.log(
      `\nmemory target ≤ ${TARGETS.rssMb} MB: ${final <= TARGETS.rssMb ? 'met' : 'missed'}` +
        (growth === null ? '' : `; growth over the last round ${growth >= 0 ? '+' : ''}${growth} MB`),
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
        { database: DATABASE, cpus: cpus().length, CONNECTIONS, DURATION, SLICES, rounds, memory },
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
