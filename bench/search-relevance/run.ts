// The relevance bench: `node --import tsx bench/search-relevance/run.ts` on PGlite (a fresh one in a temporary
// folder), and with `BENCH_DATABASE_URL=postgres://...` on that PostgreSQL database (its portal tables are
// migrated and the content re-loaded). Loads the real content/, runs every query of queries.ts through the
// aggregator search and prints Success@3, MRR@10 and the share of queries with no result per kind, then the
// queries that missed (bench/README.md keeps the figures).
import { openContentApp } from '../support/content-app';
import { answerableNoResult, runQuery, summarize, type QueryOutcome } from './evaluate';
import { QUERIES } from './queries';

const t = await openContentApp();
try {
  const outcomes: QueryOutcome[] = [];
  for (const query of QUERIES) outcomes.push(await runQuery(t.app, query));
  const { database } = t;
  console.log(`search relevance on ${database}: ${QUERIES.length} queries over content/\n`);
  console.log('| kind        | queries | Success@3 | MRR@10 | no result |');
  console.log('| ----------- | ------- | --------- | ------ | --------- |');
  for (const row of summarize(outcomes)) {
    const pct = (value: number) => `${(value * 100).toFixed(0)} %`;
    console.log(
      `| ${row.kind.padEnd(11)} | ${String(row.queries).padStart(7)} | ${row.successAt3.toFixed(2).padStart(9)} | ${(row.kind === 'nonsense' ? '-' : row.mrrAt10.toFixed(2)).padStart(6)} | ${pct(row.noResult).padStart(9)} |`,
    );
  }
  console.log(`\nanswerable queries with no result: ${(answerableNoResult(outcomes) * 100).toFixed(1)} %`);
  const misses = outcomes.filter((o) =>
    o.query.kind === 'nonsense' ? o.total > 0 : o.rank === null || o.rank > 3,
  );
  if (misses.length > 0) {
    console.log('\nmisses (kind, rank of the best expected item, total, query):');
    for (const miss of misses)
      console.log(
        `  ${miss.query.kind.padEnd(11)} ${String(miss.rank ?? '-').padStart(2)} ${String(miss.total).padStart(4)}  ${miss.query.query}${miss.fallback ? `  (shown: ${miss.fallback})` : ''}`,
      );
  }
} finally {
  await t.close();
}
