// Search with passage vectors against search without, on the real content/: `node --import tsx
// bench/search/hybrid-latency.ts` (PGlite in a temporary folder; BENCH_DATABASE_URL=postgres://... for a
// PostgreSQL database, where the vectors of an earlier run are found and reused). One process builds the app
// twice, vectors off then on (EMBEDDINGS=true, the built-in model unless EMBEDDINGS_URL is set), and runs every
// query of the relevance bench's two sets once through the aggregator search with the result and count caches
// off, so each search (and each query vector) is computed. Prints the time until the vectors were ready, the
// search latency p50/p99 of both runs, and the process's RSS after each (`off` or `on` as an argument: that
// run alone).
import { HELD_OUT_QUERIES } from '../search-relevance/held-out-queries';
import { TUNING_QUERIES } from '../search-relevance/queries';
import { openContentApp } from '../support/content-app';

const queries = [...TUNING_QUERIES, ...HELD_OUT_QUERIES].map((query) => query.query);
const noCaches = { SEARCH_RESULT_CACHE_MS: '0', SEARCH_COUNT_CACHE_MS: '0' };
const rssMb = () => Math.round(process.memoryUsage().rss / 1e6);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measure(embeddings: 'true' | 'false') {
  const started = performance.now();
  process.env.EMBEDDINGS = embeddings;
  const t = await openContentApp(noCaches);
  const readyMs = performance.now() - started;
  const times: number[] = [];
  try {
    for (const query of queries) {
      const from = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/aggregator/search?searchValue=${encodeURIComponent(query)}`,
        headers: { 'sec-fetch-site': 'same-origin' },
        payload: {},
      });
      if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
      times.push(performance.now() - from);
    }
    times.sort((a, b) => a - b);
    return {
      embeddings,
      database: t.database,
      vectorsReady: t.app.passageVectors?.ready ?? false,
      appReadyS: (readyMs / 1000).toFixed(1),
      p50: percentile(times, 50).toFixed(1),
      p99: percentile(times, 99).toFixed(1),
      rssMb: rssMb(),
    };
  } finally {
    await t.close();
  }
}

// `off` or `on` alone measures one of them (the RSS of one app, not of two built one after the other).
const runs = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['off', 'on'];
const results = [];
for (const run of runs) results.push(await measure(run === 'on' ? 'true' : 'false'));
console.log(`${queries.length} queries, one search each, result and count caches off`);
console.table(results);
