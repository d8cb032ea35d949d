/**
 * The capacity comparison shared by the one-process bench (run.mjs) and the two-instance one (cluster.ts): the
 * routes and their targets, a route and the hello world measured in alternating slices, the share, and the
 * printed table. See bench/README.md ("Capacity").
 */
import autocannon from '../support/autocannon.mjs';

/** The targets: share of the hello-world rate and p99 per route key. */
export const TARGETS = {
  share: { '/': 0.3, '/sla': 0.3, docs: 0.3, latestKB: 0.3, me: 0.1 },
  p99Ms: { '/': 20, '/sla': 20, docs: 20, latestKB: 20 },
};

/** Resident memory a portal process may hold after the run, per database. */
export const RSS_TARGET_MB = { PGlite: 400, PostgreSQL: 250 };

/** A docs article of the demo content (content/docs). */
const DOCS_ARTICLE = 'upgrade-path-7-2-to-8-1';

/** The measured routes, in order; `key` names the target and BENCH_ROUTES' choice. */
export function capacityRoutes(baseUrl, cookie) {
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

/** Fails the bench when a route does not answer what it is meant to measure (a missing article, say). */
export async function checkRoute(route) {
  const res = await fetch(route.url, { headers: route.headers });
  const body = await res.text();
  if (res.status !== 200 || (route.mustContain && !body.includes(route.mustContain))) {
    throw new Error(`${route.label} answered ${res.status} without ${route.mustContain ?? 'a 200'}`);
  }
}

async function measure(url, headers, duration, connections) {
  const result = await autocannon({ url, connections, duration, headers });
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
 * The figures of a route's slices against the hello world's of the same slices: rates are total requests over
 * total seconds, p50 and p99 the highest of the route's slices, the share the route's rate over the hello
 * world's.
 */
export function pairedFigures(hello, route) {
  const rate = (runs) =>
    runs.reduce((sum, run) => sum + run.requests, 0) / runs.reduce((sum, run) => sum + run.seconds, 0);
  const sum = (key) => route.reduce((total, run) => total + run[key], 0);
  const helloRps = rate(hello);
  const rps = rate(route);
  return {
    helloRps: Math.round(helloRps),
    rps: Math.round(rps),
    p50: Math.max(...route.map((run) => run.p50)),
    p99: Math.max(...route.map((run) => run.p99)),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    share: rps / helloRps,
  };
}

/**
 * A route and the hello world in alternating slices (hello world first), so that both see the same machine:
 * on this shared VM the hello world's own rate drifts by a third within minutes, and a share against one
 * figure measured minutes earlier moved as much as the route did.
 */
export async function measurePaired(route, helloUrl, { duration, slices, connections }) {
  const slice = duration / slices;
  const hello = [];
  const runs = [];
  for (let i = 0; i < slices; i += 1) {
    hello.push(await measure(helloUrl, {}, slice, connections));
    runs.push(await measure(route.url, route.headers, slice, connections));
  }
  return pairedFigures(hello, runs);
}

export const pct = (share) => `${(share * 100).toFixed(1)} %`;

/** 'met', 'missed (…)', or '' for a route without a target. */
export function verdict(key, row) {
  const misses = [];
  const share = TARGETS.share[key];
  if (share !== undefined && row.share < share) misses.push(`share < ${pct(share)}`);
  const p99 = TARGETS.p99Ms[key];
  if (p99 !== undefined && row.p99 > p99) misses.push(`p99 > ${p99} ms`);
  if (share === undefined && p99 === undefined) return '';
  return misses.length ? `missed (${misses.join(', ')})` : 'met';
}

/**
 * Whether a process's memory met `targetMb`: its last sample within it, and the growth over the last round
 * (the last sample less the one before; null with a single round's samples).
 */
export function memoryVerdict(samplesMb, targetMb) {
  const final = samplesMb.at(-1);
  const growthMb = samplesMb.length > 2 ? final - samplesMb.at(-2) : null;
  return { met: final <= targetMb, growthMb };
}

/** The route table of one round; `rssColumn` names the memory column, each row's `rssAfter` fills it. */
export function printRouteTable(rows, rssColumn) {
  console.log(
    `| route | requests/s | p50 | p99 | hello world requests/s | share of hello world | non-2xx | target | ${rssColumn} |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.label} | ${row.rps.toLocaleString('en')} | ${row.p50} ms | ${row.p99} ms | ${row.helloRps.toLocaleString('en')} | ${pct(row.share)} | ${row.non2xx + row.errors} | ${verdict(row.key, row)} | ${row.rssAfter} |`,
    );
  }
}
