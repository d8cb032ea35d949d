#!/usr/bin/env node
// Search benchmark: builds a synthetic corpus (generate-corpus.ts), starts the portal on it and drives
// `POST /api/aggregator/search` with autocannon (32 connections, varied queries), on PGlite and on
// PostgreSQL; in the same run it issues the full-text statements of one search straight to the database at
// the same concurrency, both the current single statement per source and the baseline (the page and count
// statements per source with ts_headline that a search ran before, baseline-statements.ts), and prints p50,
// p99, requests per second and each rate over the baseline's.
//
//   node --import tsx bench/search/run.mjs
//
// The API is measured five times: as deployed (result and count caches on, their defaults) with popular
// queries, the same with a share of never-seen queries mixed in, the same with never-seen queries only (no
// cache can help: the uncached path as visitors meet it, fallbacks included), with both caches off and
// popular queries, where every request runs the statements of the raw loop, and the same with the baseline's
// statements in the portal (baseline-portal/), so that the two caches-off rows compare like with like.
//
// Environment: BENCH_ITEMS (100000), BENCH_DURATION (15 s), BENCH_CONNECTIONS (32), BENCH_TARGETS
// (pglite,postgres), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres: a fresh database is created
// on that server and dropped after), BENCH_PORT (4340), BENCH_POOL (10, DATABASE_POOL_MAX of the portal and
// of the raw pool), BENCH_UNIQUE_SHARE (0.05: share of requests with a query never asked before, in the run
// with the long tail), BENCH_PG_CORPUS_URL (a database already filled by generate-corpus.ts: used as it is
// and kept, instead of a new one), BENCH_RUNS (all five API runs: cached,tail,unseen,uncached,uncachedBaseline).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from '../support/autocannon.mjs';
import pg from 'pg';
import { openDatabase, executePreparedRows, executeRows } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE } from '../../src/common/contracts/search.ts';
import { baselineCountStatement, baselinePageStatement } from './baseline-statements.ts';
import { sourceStatement, textQueryOf } from '../../src/server/lib/fulltext/fulltext-search.ts';
import { NO_SYNONYMS } from '../../src/server/lib/fulltext/query-terms.ts';
import { commonLexemes } from '../../src/server/lib/fulltext/common-lexemes.ts';
import { COMMUNITY_FULLTEXT } from '../../src/server/connectors/community/builtin/community.ts';
import { DOCS_FULLTEXT } from '../../src/server/connectors/docs/builtin/docs.ts';
import { KB_FULLTEXT } from '../../src/server/connectors/knowledge-base/builtin/knowledge-base.ts';
import { generateCorpus } from './generate-corpus.ts';
import { QUERIES, pick } from './queries.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 4340);
const POOL = Number(process.env.BENCH_POOL ?? 10);
// Share of requests that ask a query never asked before (the long tail of a search log).
const UNIQUE_SHARE = Number(process.env.BENCH_UNIQUE_SHARE ?? 0.05);

const SOURCES = [KB_FULLTEXT, DOCS_FULLTEXT, COMMUNITY_FULLTEXT];
/**
 * The statements one anonymous aggregator search runs on KB, docs and community (every word must match, as
 * the first try of a search does): today one per source, as the portal writes it (fulltext-search.ts
 * `sourceStatement`: its last word taken whole when it is a common lexeme of that table, the index or a
 * scan chosen from the statistics) and runs it, as a named prepared statement; the baseline two (page and
 * capped count, the last word always a prefix), unnamed, as before.
 */
const STATEMENT_SETS = {
  current: (typed, stats) =>
    SOURCES.map(
      (spec) =>
        sourceStatement(
          spec,
          { query: typed, page: 1, pageSize: SEARCH_PAGE_SIZE, match: 'all' },
          { synonyms: NO_SYNONYMS, candidateLimit: 200, stats: stats.get(spec.table) },
        )?.statement,
    ),
  baseline: (typed) => {
    const query = textQueryOf(typed, 'all', NO_SYNONYMS);
    return query
      ? SOURCES.flatMap((spec) => [
          baselinePageStatement(spec, { query, limit: SEARCH_PAGE_SIZE, offset: 0, candidateLimit: 200 }),
          baselineCountStatement(spec, { query, cap: SEARCH_COUNT_CAP }),
        ])
      : [];
  },
};
const EXECUTE = { current: executePreparedRows, baseline: executeRows };
function searchStatements(set, typed, stats) {
  return STATEMENT_SETS[set](typed, stats).filter(Boolean);
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * `CONNECTIONS` loops issuing one search's statements of `set` (in parallel, as the API does) for DURATION
 * seconds.
 */
async function rawRate(db, set) {
  const lexemes = commonLexemes(db);
  const stats = new Map(
    await Promise.all(SOURCES.map(async (spec) => [spec.table, await lexemes.of(spec.table, 'search')])),
  );
  const execute = EXECUTE[set];
  const latencies = [];
  const end = performance.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        await Promise.all(searchStatements(set, pick(0), stats).map((statement) => execute(db, statement)));
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

async function startPortal(env, imports = []) {
  const contentDir = await mkdtemp(path.join(tmpdir(), 'bench-content-'));
  const loaders = ['tsx', ...imports].flatMap((module) => ['--import', module]);
  const child = spawn(process.execPath, [...loaders, 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      CONTENT_DIR: contentDir,
      CONTENT_WATCH: 'false',
      LOG_LEVEL: 'warn',
      CHAT_JWT_SECRET: randomBytes(32).toString('hex'),
      DATABASE_POOL_MAX: String(POOL),
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

async function apiRate(url, uniqueShare) {
  const origin = url;
  // Warm-up: every popular query once, as on a portal that has been up for a while (and the server's JIT).
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
          path: `/api/aggregator/search?searchValue=${encodeURIComponent(pick(uniqueShare))}`,
        }),
      },
    ],
  });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx };
}

/**
 * The API as deployed (caches on) with popular queries, then with the long tail mixed in, then with the
 * result and count caches off (popular queries: every request runs the statements the raw loop runs).
 */
const ALL_API_RUNS = [
  { name: 'cached', what: 'API, caches on', caches: {}, uniqueShare: 0 },
  {
    name: 'tail',
    what: `API, caches on, ${Math.round(UNIQUE_SHARE * 100)} % unseen queries`,
    caches: {},
    uniqueShare: UNIQUE_SHARE,
  },
  { name: 'unseen', what: 'API, caches on, 100 % unseen queries', caches: {}, uniqueShare: 1 },
  {
    name: 'uncached',
    what: 'API, caches off',
    caches: { SEARCH_RESULT_CACHE_MS: '0', SEARCH_COUNT_CACHE_MS: '0' },
    uniqueShare: 0,
  },
  // The same portal with the statements a search sent before (baseline-portal/): what "caches off" served
  // then, measured in the same run, so the two API rows compare like with like.
  {
    name: 'uncachedBaseline',
    what: 'API, caches off, baseline statements',
    caches: { SEARCH_RESULT_CACHE_MS: '0', SEARCH_COUNT_CACHE_MS: '0' },
    uniqueShare: 0,
    imports: ['./bench/search/baseline-portal/register.mjs'],
  },
];

const RUN_NAMES = (process.env.BENCH_RUNS ?? ALL_API_RUNS.map((run) => run.name).join(',')).split(',');
const API_RUNS = ALL_API_RUNS.filter((run) => RUN_NAMES.includes(run.name));

async function apiRates(log, env) {
  const rates = {};
  for (const run of API_RUNS) {
    log(run.what);
    const portal = await startPortal({ ...env, ...run.caches }, run.imports);
    try {
      rates[run.name] = await apiRate(portal.url, run.uniqueShare);
    } finally {
      await portal.stop();
    }
  }
  return rates;
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
      // PGlite is single-process: the raw runs and the portal take turns on the data directory.
      const raw = await rawRate(handle.db, 'current');
      const baseline = await rawRate(handle.db, 'baseline');
      await handle.close();
      const api = await apiRates(log, { DATA_DIR: dataDir });
      return { target, ...api, raw, baseline };
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return withPostgresCorpus(log, async (url, handle) => {
    const api = await apiRates(log, { DATABASE_URL: url });
    log('raw queries');
    const raw = await rawRate(handle.db, 'current');
    const baseline = await rawRate(handle.db, 'baseline');
    return { target, ...api, raw, baseline };
  });
}

/**
 * A PostgreSQL database holding the corpus: BENCH_PG_CORPUS_URL names one filled before (kept as it is),
 * else a new one is created on BENCH_PG_URL's server, filled, and dropped at the end.
 */
async function withPostgresCorpus(log, measure) {
  const existing = process.env.BENCH_PG_CORPUS_URL;
  if (existing) {
    const handle = await openDatabase({ location: { url: existing }, poolMax: POOL });
    try {
      return await measure(existing, handle);
    } finally {
      await handle.close();
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
      log(`corpus in ${Math.round((performance.now() - started) / 1000)} s`);
      return await measure(url.toString(), handle);
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
  `\nsearch bench: ${ITEMS} items, ${QUERIES.length} distinct queries, ${CONNECTIONS} connections, ` +
    `${DURATION} s, pool ${POOL}, ` +
    `${cpus().length} CPUs, load ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}`,
);
console.table(
  results.flatMap(({ target, raw, baseline, ...api }) =>
    [
      ...API_RUNS.map((run) => [run.what, api[run.name]]),
      ['raw statements', raw],
      ['raw baseline statements', baseline],
    ].map(([what, rate]) => ({
      target,
      what,
      'p50 ms': round(rate.p50),
      'p99 ms': round(rate.p99),
      'req/s': round(rate.rps),
      'non-2xx': rate.non2xx ?? '',
      'rate / baseline': round(rate.rps / baseline.rps),
    })),
  ),
);
// Like with like: the portal with today's statements over the same portal with the baseline's.
for (const { target, uncached, uncachedBaseline } of results) {
  if (uncached && uncachedBaseline)
    console.log(
      `[${target}] API caches off, today's statements over the baseline's: ${round(uncached.rps / uncachedBaseline.rps)}`,
    );
}
await mkdir(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, 'bench/results', `search-${new Date().toISOString().slice(0, 10)}.json`);
await writeFile(
  file,
  JSON.stringify(
    {
      items: ITEMS,
      queries: QUERIES.length,
      connections: CONNECTIONS,
      duration: DURATION,
      pool: POOL,
      results,
    },
    null,
    2,
  ),
);
console.log(`written to ${path.relative(root, file)}`);
