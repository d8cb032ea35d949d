/**
 * Scale bench: how the portal's cost grows with its data and its open connections, one table. See
 * bench/README.md ("Scale").
 *
 *   npm run build && npm run bench:scale
 *
 * Parts (SCALE_PARTS, default all: search,notices,queue,capacity,cluster-capacity):
 *   search    PostgreSQL databases of SCALE_SIZES knowledge-base articles (default 10000,100000,1000000; the
 *             search corpus's writer, bulk-inserted, bulk-fill.ts); per size the highest rate of
 *             `POST /api/aggregator/search` (closed loop, SCALE_CONNECTIONS, SCALE_MAX_SECONDS), then p50/p99
 *             at half that rate in an open loop (SCALE_HOLD_SECONDS) and the CPU per search of the portal and
 *             the database's backends together; popular queries (caches as deployed) and every query new;
 *             and EXPLAIN ANALYZE of one statement per size (the plan node that takes the time).
 *   notices   one portal holding SCALE_STREAMS (5000) open notice streams: memory per stream, and the time from
 *             a notice's creation to its arrival on every stream.
 *   queue     SCALE_TICKETS (1000000) help-desk tickets: the agents' list with each filter, a ticket.
 *   capacity  bench/capacity/run.mjs, one short round: shares of the hello world, start-up, memory.
 *   cluster-capacity  bench/capacity/cluster.ts, one short round: two instances on PostgreSQL behind nginx
 *             against two hello worlds behind nginx; each instance's start-up and memory.
 *
 * Each part makes its own database `bench_scale_*` on BENCH_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres) and drops it (SCALE_KEEP_DATABASES=1 keeps it, for EXPLAINs
 * after the run; the next run of the part drops it first); cluster-capacity's own bench makes and drops
 * `capacity_cluster_*`. Portals on BENCH_PORT (5100) and up. Everything
 * runs on the same cores: the figures say the load average.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openDatabase } from '../../src/server/db/client.js';
import { SEARCH_PAGE_SIZE } from '../../src/common/contracts/search.js';
import { sourceStatement } from '../../src/server/lib/fulltext/fulltext-search.js';
import { NO_SYNONYMS } from '../../src/server/lib/fulltext/query-terms.js';
import { commonLexemes } from '../../src/server/lib/fulltext/common-lexemes.js';
import { KB_FULLTEXT } from '../../src/server/connectors/knowledge-base/builtin/knowledge-base.js';
import { databaseUrl, dropPostgresDatabase, withAdminClient } from '../../test/support/postgres-admin.js';
import { root, startPortal, type StartedPortal } from '../support/start-portal.mjs';
import { prepareAccount, signIn } from '../support/bench-accounts.js';
import { RSS_TARGET_MB, memoryVerdict, verdict } from '../capacity/paired.mjs';
import { QUERIES, WORDS, pick } from '../search/queries.mjs';
import { fillKnowledgeBase, fillTicketQueue, QUEUE_AGENT_EMAIL, type Filled } from './bulk-fill.js';
import { closedLoop, cpuMs, openLoop, percentile, rssMb, send, type Sent, type Target } from './http-load.js';
import { openStream, type HeldStream } from './event-streams.js';
import { Agent } from 'node:http';

const env = process.env;
const PARTS = (env.SCALE_PARTS ?? 'search,notices,queue,capacity,cluster-capacity').split(',');
const SIZES = (env.SCALE_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const CONNECTIONS = Number(env.SCALE_CONNECTIONS ?? 16);
const MAX_SECONDS = Number(env.SCALE_MAX_SECONDS ?? 6);
const HOLD_SECONDS = Number(env.SCALE_HOLD_SECONDS ?? 12);
const STREAMS = Number(env.SCALE_STREAMS ?? 5000);
const STREAM_BATCH = Number(env.SCALE_STREAM_BATCH ?? 50);
const TICKETS = Number(env.SCALE_TICKETS ?? 1_000_000);
const QUEUE_REQUESTS = Number(env.SCALE_QUEUE_REQUESTS ?? 20);
const PORT = Number(env.BENCH_PORT ?? 5100);
const SERVER_URL = env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** What uncached search is held to (bench/README.md, Scale). */
const TARGET_CPU_MS = 6;
const TARGET_P99_MS = 150;

const log = (...args: unknown[]) => console.error('[bench:scale]', ...args);
const load = () => loadavg()[0]?.toFixed(1) ?? '?';

interface Row {
  what: string;
  figures: string;
  target: string;
  load: string;
}
const rows: Row[] = [];
const details: Record<string, unknown> = {};
function row(what: string, figures: string, target = '—'): void {
  rows.push({ what, figures, target, load: load() });
  log(`${what}: ${figures} ${target}`);
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const thousands = (value: number) => Math.round(value).toLocaleString('en');

/** A database `bench_scale_<name>` for `use`, dropped after (also when `use` fails) unless SCALE_KEEP_DATABASES=1. */
async function withBenchDatabase<T>(name: string, use: (url: string) => Promise<T>): Promise<T> {
  const database = `bench_scale_${name}`;
  await dropPostgresDatabase(SERVER_URL, database);
  await withAdminClient(SERVER_URL, (admin) => admin.query(`create database "${database}"`));
  try {
    return await use(databaseUrl(SERVER_URL, database));
  } finally {
    if (env.SCALE_KEEP_DATABASES !== '1') await dropPostgresDatabase(SERVER_URL, database);
  }
}

/** The portal of the build on `url`'s database, without `content/` (the generated rows are the data). */
async function portalOn<P>(
  url: string,
  extra: Record<string, string>,
  prepare?: (env: Record<string, string>) => P,
): Promise<StartedPortal<P | undefined> & { contentDir: string }> {
  const contentDir = await mkdtemp(join(tmpdir(), 'bench-scale-content-'));
  try {
    const portal = await startPortal<P | undefined>({
      port: PORT,
      log,
      prepare,
      env: {
        DATABASE_URL: url,
        DEMO_DATA: 'false',
        CONTENT_DIR: contentDir,
        CONTENT_WATCH: 'false',
        LOG_LEVEL: 'warn',
        ...extra,
      },
    });
    return { ...portal, contentDir };
  } catch (error) {
    // A portal that failed to start leaves no one to remove its empty content folder.
    await rm(contentDir, { recursive: true, force: true });
    throw error;
  }
}

async function stopPortal(portal: { stop: () => Promise<void>; contentDir: string }): Promise<void> {
  await portal.stop();
  await rm(portal.contentDir, { recursive: true, force: true });
}

/** CPU ms used so far by the portal and by every backend of `database` (connections come and go: per pid). */
async function cpuSnapshot(portalPid: number, database: string): Promise<Map<number, number>> {
  const pids = await withAdminClient(SERVER_URL, async (admin) => {
    const { rows: found } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [database],
    );
    return found.map((entry) => entry.pid);
  });
  const snapshot = new Map<number, number>();
  for (const pid of [portalPid, ...pids]) {
    const used = cpuMs(pid);
    if (used !== undefined) snapshot.set(pid, used);
  }
  return snapshot;
}
function cpuBetween(before: Map<number, number>, after: Map<number, number>, portalPid: number) {
  let portal = 0;
  let database = 0;
  for (const [pid, used] of after) {
    const spent = used - (before.get(pid) ?? 0);
    if (pid === portalPid) portal += spent;
    else database += spent;
  }
  return { portal, database };
}

/**
 * Waits until no backend of `database` runs a statement: a portal whose database holds a word list already is
 * ready at once and cuts the new list in the background (src/server/main.ts), one statement over every article
 * (over a minute at 100,000), whose CPU would otherwise be counted as the searches'. Answers the seconds waited.
 */
async function untilDatabaseIdle(database: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const busy = await withAdminClient(SERVER_URL, async (admin) => {
      const { rows: found } = await admin.query<{ busy: number }>(
        "select count(*)::int as busy from pg_stat_activity where datname = $1 and state = 'active'",
        [database],
      );
      return found[0]?.busy ?? 0;
    });
    if (busy === 0) return (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const ok = (sent: Sent[]) => sent.filter((entry) => entry.status >= 200 && entry.status < 300).length;

/** Highest rate, then p50/p99 and CPU per request at half of it. */
async function measureRate(portal: { baseUrl: string; pid: number }, database: string, next: () => Target) {
  const max = await closedLoop(portal.baseUrl, next, { connections: CONNECTIONS, seconds: MAX_SECONDS });
  const rate = Math.max(1, max.rate / 2);
  const before = await cpuSnapshot(portal.pid, database);
  const sent = await openLoop(portal.baseUrl, next, { rate, seconds: HOLD_SECONDS });
  const after = await cpuSnapshot(portal.pid, database);
  const cpu = cpuBetween(before, after, portal.pid);
  const times = sent.map((entry) => entry.ms);
  return {
    maxRate: max.rate,
    rate,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    failed: sent.length - ok(sent) + (max.sent.length - ok(max.sent)),
    cpuPortal: cpu.portal / sent.length,
    cpuDatabase: cpu.database / sent.length,
  };
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Total Time': number;
  'Actual Loops': number;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

/**
 * The plan node with the most time of its own (its time less its children's). A CTE Scan is passed over: its
 * time is the CTE's own plan's, which hangs elsewhere in the tree (under the node that uses the CTE).
 */
function heaviestNode(plan: PlanNode): { node: PlanNode; self: number } {
  const total = (node: PlanNode) => node['Actual Total Time'] * node['Actual Loops'];
  const self =
    plan['Node Type'] === 'CTE Scan'
      ? -1
      : total(plan) - (plan.Plans ?? []).reduce((sum, child) => sum + total(child), 0);
  let best = { node: plan, self };
  for (const child of plan.Plans ?? []) {
    const found = heaviestNode(child);
    if (found.self > best.self) best = found;
  }
  return best;
}

/**
 * EXPLAIN ANALYZE of the knowledge base's statement of one search, as the portal writes it: every word
 * (`all`, a search's first try) or any of them (`any`, the partial match a search that found little falls to).
 */
async function explainSearch(url: string, query: string, match: 'all' | 'any'): Promise<string> {
  const handle = await openDatabase({ location: { url } });
  try {
    const stats = await commonLexemes(handle.db).of(KB_FULLTEXT.table, 'search');
    const built = sourceStatement(
      KB_FULLTEXT,
      { query, page: 1, pageSize: SEARCH_PAGE_SIZE, match },
      { synonyms: NO_SYNONYMS, candidateLimit: 200, stats },
    );
    if (!built) return 'no statement';
    const compiled = new PgDialect().sqlToQuery(built.statement);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows: plans } = await client.query<{
        'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number }>;
      }>(`explain (analyze, format json) ${compiled.sql}`, compiled.params);
      const plan = plans[0]?.['QUERY PLAN'][0];
      if (!plan) return 'no plan';
      const { node, self } = heaviestNode(plan.Plan);
      const name = node['Index Name'] ?? node['Relation Name'] ?? '';
      return `${ms(plan['Execution Time'])} ms; heaviest node ${node['Node Type']}${name ? ` (${name})` : ''} ${ms(self)} ms, ${thousands(node['Actual Rows'])} rows`;
    } finally {
      await client.end();
    }
  } finally {
    await handle.close();
  }
}

const searchTarget = (query: string): Target => ({
  method: 'POST',
  path: `/api/aggregator/search?searchValue=${encodeURIComponent(query)}`,
  headers: { 'content-type': 'application/json' },
  body: '{}',
});
const word = () => WORDS[Math.floor(Math.random() * WORDS.length)] ?? 'gateway';
/** A query nobody asked before: a popular one and two words of the content (some billion combinations). */
const newQuery = () => `${pick(0)} ${word()} ${word()}`;

/** The statements explained per size: a popular query, and a never-seen one in its partial-match form. */
const EXPLAINED = { popular: 'controller upgrade', partial: 'controller upgrade latency snat' };

async function searchPart(): Promise<void> {
  for (const size of SIZES) {
    await withBenchDatabase(`kb_${size}`, async (url) => {
      log(`filling ${thousands(size)} articles…`);
      const filled: Filled = await fillKnowledgeBase(url, size);
      row(
        `generate ${thousands(size)} KB articles`,
        `${filled.seconds.toFixed(0)} s, ${thousands(filled.rowsPerSecond)} rows/s (insert, GIN build, word list, vacuum analyze)`,
      );
      const explained = {
        popular: await explainSearch(url, EXPLAINED.popular, 'all'),
        partial: await explainSearch(url, EXPLAINED.partial, 'any'),
      };
      // The portal rebuilds the 'Did you mean' word list from every article when it starts: at this size that
      // statement outlasts the default statement timeout (8 s) on a busy machine, and the start fails.
      const portal = await portalOn(url, {
        DATABASE_POOL_MAX: '10',
        DATABASE_STATEMENT_TIMEOUT_MS: '300000',
      });
      const database = new URL(url).pathname.slice(1);
      try {
        const waited = await untilDatabaseIdle(database);
        log(`the word list was cut again in the background: waited ${waited.toFixed(0)} s before measuring`);
        const pid = portal.pid ?? 0;
        const origin = { origin: portal.baseUrl };
        const withOrigin = (target: Target): Target => ({
          ...target,
          headers: { ...target.headers, ...origin },
        });
        // A portal that has been up a while: every popular query once.
        const agent = new Agent({ keepAlive: true });
        for (const query of QUERIES) await send(agent, portal.baseUrl, withOrigin(searchTarget(query)));
        agent.destroy();
        const popular = await measureRate({ baseUrl: portal.baseUrl, pid }, database, () =>
          withOrigin(searchTarget(pick(0))),
        );
        row(
          `search, ${thousands(size)} articles, popular queries (caches on)`,
          `max ${thousands(popular.maxRate)}/s; at ${thousands(popular.rate)}/s p50 ${ms(popular.p50)} ms, p99 ${ms(popular.p99)} ms; CPU/search ${ms(popular.cpuPortal + popular.cpuDatabase)} ms (portal ${ms(popular.cpuPortal)} + PG ${ms(popular.cpuDatabase)})${popular.failed ? `; ${popular.failed} failed` : ''}`,
        );
        const unseen = await measureRate({ baseUrl: portal.baseUrl, pid }, database, () =>
          withOrigin(searchTarget(newQuery())),
        );
        const cpu = unseen.cpuPortal + unseen.cpuDatabase;
        const met = cpu <= TARGET_CPU_MS && unseen.p99 <= TARGET_P99_MS;
        row(
          `search, ${thousands(size)} articles, every query new`,
          `max ${thousands(unseen.maxRate)}/s; at ${thousands(unseen.rate)}/s p50 ${ms(unseen.p50)} ms, p99 ${ms(unseen.p99)} ms; CPU/search ${ms(cpu)} ms (portal ${ms(unseen.cpuPortal)} + PG ${ms(unseen.cpuDatabase)})${unseen.failed ? `; ${unseen.failed} failed` : ''}`,
          `CPU ≤ ${TARGET_CPU_MS} ms, p99 ≤ ${TARGET_P99_MS} ms: ${met ? 'met' : 'not met'}`,
        );
        row(
          `EXPLAIN ANALYZE '${EXPLAINED.popular}' (all words), KB, ${thousands(size)} articles`,
          explained.popular,
        );
        row(
          `EXPLAIN ANALYZE '${EXPLAINED.partial}' (any word), KB, ${thousands(size)} articles`,
          explained.partial,
        );
        details[`search-${size}`] = { filled, popular, unseen, explained };
      } finally {
        await stopPortal(portal);
      }
    });
  }
}

async function noticesPart(): Promise<void> {
  await withBenchDatabase('notices', async (url) => {
    const caps = String(STREAMS + 100);
    const portal = await portalOn(
      url,
      { STREAMS_PER_USER: caps, STREAMS_PER_INSTANCE: caps },
      prepareAccount('admin'),
    );
    const streams: HeldStream[] = [];
    try {
      const pid = portal.pid ?? 0;
      const admin = portal.prepared;
      if (!admin) throw new Error('no admin was prepared');
      const cookie = await signIn(portal.baseUrl, admin);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const before = rssMb(pid);
      const opened = performance.now();
      // In batches, as browsers arrive: each stream's start takes a database connection of the pool (its
      // claim, LISTEN, the latest change) and hundreds at once wait past the pool's acquire timeout.
      for (let from = 0; from < STREAMS; from += STREAM_BATCH) {
        const batch = Array.from({ length: Math.min(STREAM_BATCH, STREAMS - from) }, () =>
          openStream(portal.baseUrl, '/api/noticesModule/events', cookie),
        );
        streams.push(...batch);
        const settled = await Promise.allSettled(batch.map((stream) => stream.ready));
        const refused = settled.find((entry) => entry.status === 'rejected');
        if (refused) throw new Error(`after ${from} streams: ${String(refused.reason)}`);
      }
      const openSeconds = (performance.now() - opened) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const after = rssMb(pid);
      const perStream = ((after - before) * 1024) / STREAMS;
      const arrivals: number[] = [];
      const lasts: number[] = [];
      for (let notice = 0; notice < 3; notice += 1) {
        const seen = streams.map((stream) => stream.notices.length);
        const created = performance.now();
        const res = await fetch(`${portal.baseUrl}/api/noticesModule/notice`, {
          method: 'POST',
          headers: { origin: portal.baseUrl, 'content-type': 'application/json', cookie },
          body: JSON.stringify({
            title: `Scale bench notice ${notice + 1}`,
            description: 'A notice of the scale bench.',
            startDate: new Date().toISOString(),
            endDate: new Date(Date.now() + 86_400_000).toISOString(),
            type: 'Information',
          }),
        });
        if (!res.ok) throw new Error(`creating a notice answered ${res.status}: ${await res.text()}`);
        const deadline = Date.now() + 30_000;
        while (
          Date.now() < deadline &&
          streams.some((stream, i) => stream.notices.length <= (seen[i] ?? 0))
        ) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const times = streams
          .map((stream, i) => stream.notices[seen[i] ?? 0])
          .filter((at): at is number => at !== undefined)
          .map((at) => at - created);
        if (times.length < STREAMS) log(`notice ${notice + 1}: ${STREAMS - times.length} streams missed it`);
        arrivals.push(...times);
        lasts.push(Math.max(...times));
      }
      row(
        `live notices, ${thousands(STREAMS)} open streams on one instance`,
        `opened in ${openSeconds.toFixed(1)} s; RSS ${ms(before)} → ${ms(after)} MB, ${ms(perStream)} KB per stream; notice creation to arrival p50 ${ms(percentile(arrivals, 0.5))} ms, p99 ${ms(percentile(arrivals, 0.99))} ms, last stream ${lasts.map(ms).join(' / ')} ms (3 notices)`,
      );
      details.notices = { before, after, perStream, openSeconds, lasts };
    } catch (error) {
      await portal.stop({ showLog: true });
      throw error;
    } finally {
      for (const stream of streams) stream.socket.destroy();
      await stopPortal(portal);
    }
  });
}

/** A ticket near the end of the generated ones (the queue's ids start at 1). */
const TICKET_ID = Math.max(1, Math.floor(TICKETS * 0.777));
/** Each queue route is asked QUEUE_REQUESTS times, or for this long when it is slower. */
const QUEUE_ROUTE_SECONDS = 30;
const QUEUE_ROUTES: Array<[string, string]> = [
  ['default (any status, due sort)', '/api/tickets'],
  ['status=open-work', '/api/tickets?status=open-work'],
  ['status=new', '/api/tickets?status=new'],
  ['priority=P1', '/api/tickets?priority=P1'],
  ['due=overdue', '/api/tickets?due=overdue'],
  ['due=dueSoon', '/api/tickets?due=dueSoon'],
  ['assignee=me', '/api/tickets?assignee=me'],
  ['assignee=none', '/api/tickets?assignee=none'],
  ['organisation', '/api/tickets?organisation=Org%207'],
  ['q=words', '/api/tickets?q=gateway%20upgrade'],
  // Words that many tickets hold (the first in 15 % of the subjects, the second in 9 %): the words above match
  // none, so they show the index lookup alone, these the rows it leads to.
  ['q=a common word', '/api/tickets?q=gateway'],
  ['q=a common word, status=new', '/api/tickets?q=upgrade&status=new'],
  ['q=ticket number', `/api/tickets?q=${TICKET_ID}`],
  ['sort=updated', '/api/tickets?sort=updated'],
  ['page 500, due sort', '/api/tickets?page=500'],
  ['a ticket (API)', `/api/tickets/${TICKET_ID}`],
  ['a ticket (page)', `/tickets/${TICKET_ID}`],
];

async function queuePart(): Promise<void> {
  await withBenchDatabase('queue', async (url) => {
    log(`filling ${thousands(TICKETS)} tickets…`);
    const filled = await fillTicketQueue(url, TICKETS);
    row(
      `generate ${thousands(TICKETS)} tickets`,
      `${filled.seconds.toFixed(0)} s, ${thousands(filled.rowsPerSecond)} rows/s`,
    );
    const portal = await portalOn(url, {}, prepareAccount('agent', QUEUE_AGENT_EMAIL));
    try {
      const agentAccount = portal.prepared;
      if (!agentAccount) throw new Error('no agent was prepared');
      const cookie = await signIn(portal.baseUrl, agentAccount);
      const agent = new Agent({ keepAlive: true });
      const figures: string[] = [];
      for (const [label, path] of QUEUE_ROUTES) {
        const target: Target = { path, headers: { cookie } };
        const asked = performance.now();
        const first = await send(agent, portal.baseUrl, target);
        if (first !== 200) {
          const after = (performance.now() - asked) / 1000;
          row(
            `ticket queue, ${thousands(TICKETS)} tickets: ${label}`,
            `answered ${first} after ${after.toFixed(1)} s`,
          );
          continue;
        }
        const times: number[] = [];
        const statuses = new Set<number>();
        const endsAt = performance.now() + QUEUE_ROUTE_SECONDS * 1000;
        while (times.length < QUEUE_REQUESTS && performance.now() < endsAt) {
          const at = performance.now();
          statuses.add(await send(agent, portal.baseUrl, target));
          times.push(performance.now() - at);
        }
        figures.push(`${label} ${ms(percentile(times, 0.5))}/${ms(percentile(times, 0.99))}`);
        row(
          `ticket queue, ${thousands(TICKETS)} tickets: ${label}`,
          `p50 ${ms(percentile(times, 0.5))} ms, p99 ${ms(percentile(times, 0.99))} ms (${times.length} one after another; answers ${[...statuses].join(', ')})`,
        );
      }
      agent.destroy();
      details.queue = { filled, figures };
    } finally {
      await stopPortal(portal);
    }
  });
}

/** The figures of a capacity bench's results file that the table shows. */
interface CapacityResults<Memory> {
  readySeconds: Memory;
  rounds: Array<{
    rows: Array<{
      key: string;
      label: string;
      rps: number;
      helloRps: number;
      share: number;
      p50: number;
      p99: number;
    }>;
  }>;
  memory: Array<{ when: string; rssMb: Memory }>;
}

/** A capacity bench (`script`, under tsx) as it is, short: answers its results file. */
async function runCapacityBench<Memory>(
  script: string,
  extra: Record<string, string>,
): Promise<CapacityResults<Memory> & { file: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: {
      ...process.env,
      BENCH_ROUNDS: env.SCALE_CAPACITY_ROUNDS ?? '1',
      BENCH_DURATION: env.SCALE_CAPACITY_DURATION ?? '8',
      BENCH_ROUTES: '/,/sla,docs,latestKB,me',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`${script} exited with ${code}:\n${output.slice(-2000)}`);
  const file = /results written to (\S+)/.exec(output)?.[1];
  if (!file) throw new Error(`${script} wrote no results:\n${output.slice(-2000)}`);
  return { ...(JSON.parse(await readFile(file, 'utf8')) as CapacityResults<Memory>), file };
}

/** bench/capacity/run.mjs (one process, PGlite), one round: shares of the hello world, start-up, memory. */
async function capacityPart(): Promise<void> {
  const results = await runCapacityBench<number>('bench/capacity/run.mjs', {
    BENCH_PORT: String(PORT + 10),
  });
  for (const entry of results.rounds.at(-1)?.rows ?? []) {
    row(
      `capacity (PGlite): ${entry.label}`,
      `${thousands(entry.rps)}/s, ${(entry.share * 100).toFixed(1)} % of the hello world's ${thousands(entry.helloRps)}/s, p99 ${entry.p99} ms`,
    );
  }
  row(
    'capacity (PGlite): start-up, memory',
    `ready in ${results.readySeconds.toFixed(1)} s; RSS ${results.memory.map((entry) => `${entry.rssMb} MB ${entry.when}`).join(', ')}`,
  );
  details.capacity = { readySeconds: results.readySeconds, file: results.file };
}

/**
 * bench/capacity/cluster.ts: two instances on PostgreSQL behind nginx against two hello worlds behind nginx,
 * one round; each instance's start-up and memory.
 */
async function clusterCapacityPart(): Promise<void> {
  const results = await runCapacityBench<number[]>('bench/capacity/cluster.ts', {
    BENCH_PORT: String(PORT + 20),
    BENCH_DATABASE_URL: SERVER_URL,
  });
  const label = 'capacity (2 instances on PostgreSQL + nginx)';
  for (const entry of results.rounds.at(-1)?.rows ?? []) {
    row(
      `${label}: ${entry.label}`,
      `${thousands(entry.rps)}/s, ${(entry.share * 100).toFixed(1)} % of 2 hello worlds + nginx: ${thousands(entry.helloRps)}/s; p50 ${entry.p50} ms, p99 ${entry.p99} ms`,
      verdict(entry.key, entry) || '—',
    );
  }
  const instances = results.readySeconds.map((ready, i) => {
    const samples = results.memory.map((entry) => entry.rssMb[i] ?? NaN);
    return { ready, samples, ...memoryVerdict(samples, RSS_TARGET_MB.PostgreSQL) };
  });
  row(
    `${label}: start-up, memory`,
    instances
      .map(
        (instance, i) =>
          `instance ${i + 1} ready in ${instance.ready.toFixed(1)} s, RSS ${instance.samples.map((mb, at) => `${mb} MB ${results.memory[at]?.when ?? ''}`).join(', ')}`,
      )
      .join('; '),
    `≤ ${RSS_TARGET_MB.PostgreSQL} MB each: ${instances.every((instance) => instance.met) ? 'met' : 'missed'}`,
  );
  details.clusterCapacity = { readySeconds: results.readySeconds, file: results.file };
}

const PART_RUNS: Record<string, () => Promise<void>> = {
  search: searchPart,
  notices: noticesPart,
  queue: queuePart,
  capacity: capacityPart,
  'cluster-capacity': clusterCapacityPart,
};

async function main(): Promise<void> {
  const unknown = PARTS.filter((part) => !(part in PART_RUNS));
  if (unknown.length) throw new Error(`unknown SCALE_PARTS: ${unknown.join(', ')}`);
  for (const part of PARTS) {
    const started = Date.now();
    try {
      await PART_RUNS[part]?.();
    } catch (error) {
      process.exitCode = 1;
      row(`${part}: failed`, error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
    }
    log(`${part} took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  console.log(
    `\nScale on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, PostgreSQL on ${new URL(SERVER_URL).host}\n`,
  );
  console.log('| measure | figures | target | load average |');
  console.log('| --- | --- | --- | --- |');
  for (const entry of rows)
    console.log(`| ${entry.what} | ${entry.figures} | ${entry.target} | ${entry.load} |`);
  const results = join(root, 'bench/results');
  await mkdir(results, { recursive: true });
  const file = join(results, `scale-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, JSON.stringify({ rows, details }, null, 2));
  log(`results written to ${file}`);
}

await main();
