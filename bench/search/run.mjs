#!/usr/bin/env node
// Search benchmark: builds a synthetic corpus (generate-corpus.ts), starts the portal on it and drives
// `POST /api/aggregator/search` with autocannon (32 connections, varied queries), on PGlite and on
// PostgreSQL; in the same run it issues the same full-text statements straight to the database at the same
// concurrency and prints p50, p99, requests per second and the ratio API rate / raw rate.
//
//   node --import tsx bench/search/run.mjs
//
// Environment: BENCH_ITEMS (100000), BENCH_DURATION (15 s), BENCH_CONNECTIONS (32), BENCH_TARGETS
// (pglite,postgres), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres: a fresh database is created
// on that server and dropped after), BENCH_PORT (4340), BENCH_POOL (10, DATABASE_POOL_MAX of the portal and
// of the raw pool), BENCH_COUNT_CACHE_MS (the portal's SEARCH_COUNT_CACHE_MS; unset = its default).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase, executeRows } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE } from '../../src/common/contracts/search.ts';
import { countStatement, pageStatement } from '../../src/server/services/search/fulltext.ts';
import { FULLTEXT_TABLES } from '../../src/server/services/search/builtin-sources.ts';
import { generateCorpus } from './generate-corpus.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 4340);
const POOL = Number(process.env.BENCH_POOL ?? 10);

/** Varied queries: common and rare words, phrases, two and three words, one with an operator. */
export const QUERIES = [
  'gateway',
  'transit gateway',
  'spoke attachment',
  'firewall inspection',
  'vpn client saml',
  'edge ztp',
  'copilot topology',
  'controller upgrade',
  'license',
  'bgp route propagation',
  'ipsec tunnel site2cloud',
  'egress fqdn filter',
  'azure vnet peering',
  'aws vpc subnet',
  'gcp permission',
  'oci region image',
  'packet loss latency',
  'mtu jumbo frames',
  'health check interface',
  'terraform api error',
  'backup restore',
  'syslog netflow',
  'threatiq alert',
  'certificate encryption',
  'failover zone ha',
  '"route table"',
  'nat snat dnat',
  'load balancer listener port',
  'timeout restart',
  'upgrade -license',
];
const pick = () => QUERIES[Math.floor(Math.random() * QUERIES.length)];

/** The statements one anonymous aggregator search runs: page and capped count of KB, docs and community. */
function searchStatements(query) {
  return [FULLTEXT_TABLES.kb, FULLTEXT_TABLES.docs, FULLTEXT_TABLES.community].flatMap((spec) => [
    pageStatement(spec, { query, limit: SEARCH_PAGE_SIZE, offset: 0, candidateLimit: 200 }),
    countStatement(spec, { query, cap: SEARCH_COUNT_CAP }),
  ]);
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** `CONNECTIONS` loops issuing one search's statements (in parallel, as the API does) for DURATION seconds. */
async function rawRate(db) {
  const latencies = [];
  const end = performance.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        await Promise.all(searchStatements(pick()).map((statement) => executeRows(db, statement)));
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / DURATION, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function waitReady(url, child) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('portal did not become ready');
}

async function startPortal(env) {
  const contentDir = await mkdtemp(path.join(tmpdir(), 'bench-content-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      CONTENT_DIR: contentDir,
      CONTENT_WATCH: 'false',
      LOG_LEVEL: 'warn',
      CHAT_JWT_SECRET: randomBytes(32).toString('hex'),
      DATABASE_POOL_MAX: String(POOL),
      ...(process.env.BENCH_COUNT_CACHE_MS
        ? { SEARCH_COUNT_CACHE_MS: process.env.BENCH_COUNT_CACHE_MS }
        : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${PORT}`;
  try {
    await waitReady(url, child);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      await rm(contentDir, { recursive: true, force: true });
    },
  };
}

async function apiRate(url) {
  const origin = url;
  // Warm-up: every query once (plans, caches, JIT of the server).
  for (const query of QUERIES) {
    await fetch(`${url}/api/aggregator/search?searchValue=${encodeURIComponent(query)}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: '{}',
    });
  }
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: '{}',
        setupRequest: (request) => ({
          ...request,
          path: `/api/aggregator/search?searchValue=${encodeURIComponent(pick())}`,
        }),
      },
    ],
  });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx };
}

async function benchTarget(target) {
  const log = (message) => console.log(`[${target}] ${message}`);
  if (target === 'pglite') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-pglite-'));
    try {
      let handle = await openDatabase({ location: { dataDir } });
      await migrateDatabase(handle);
      log(`generating ${ITEMS} items`);
      let started = performance.now();
      await generateCorpus({ db: handle.db, items: ITEMS });
      log(`corpus in ${Math.round((performance.now() - started) / 1000)} s; raw queries`);
      // PGlite is single-process: the raw run and the portal take turns on the data directory.
      const raw = await rawRate(handle.db);
      await handle.close();
      log('starting the portal');
      const portal = await startPortal({ DATA_DIR: dataDir });
      try {
        const api = await apiRate(portal.url);
        return { target, api, raw };
      } finally {
        await portal.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const name = `bench_search_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ location: { url: url.toString() }, poolMax: POOL });
    try {
      await migrateDatabase(handle);
      log(`generating ${ITEMS} items`);
      const started = performance.now();
      await generateCorpus({ db: handle.db, items: ITEMS });
      log(`corpus in ${Math.round((performance.now() - started) / 1000)} s; starting the portal`);
      const portal = await startPortal({ DATABASE_URL: url.toString() });
      let api;
      try {
        api = await apiRate(portal.url);
      } finally {
        await portal.stop();
      }
      log('raw queries');
      const raw = await rawRate(handle.db);
      return { target, api, raw };
    } finally {
      await handle.close();
    }
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

const results = [];
for (const target of TARGETS) results.push(await benchTarget(target));

const round = (value) => Math.round(value * 10) / 10;
console.log(
  `\nsearch bench: ${ITEMS} items, ${CONNECTIONS} connections, ${DURATION} s, pool ${POOL}, ` +
    `${cpus().length} CPUs, load ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}`,
);
console.table(
  results.map(({ target, api, raw }) => ({
    target,
    'API p50 ms': round(api.p50),
    'API p99 ms': round(api.p99),
    'API req/s': round(api.rps),
    'API non-2xx': api.non2xx,
    'raw p50 ms': round(raw.p50),
    'raw p99 ms': round(raw.p99),
    'raw req/s': round(raw.rps),
    'API/raw': round(api.rps / raw.rps),
  })),
);
await mkdir(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, 'bench/results', `search-${new Date().toISOString().slice(0, 10)}.json`);
await writeFile(
  file,
  JSON.stringify(
    { items: ITEMS, connections: CONNECTIONS, duration: DURATION, pool: POOL, results },
    null,
    2,
  ),
);
console.log(`written to ${path.relative(root, file)}`);
