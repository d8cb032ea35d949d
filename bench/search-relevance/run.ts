// The relevance bench: `node --import tsx bench/search-relevance/run.ts` on PGlite (a fresh one in a temporary
// folder), and with `BENCH_DATABASE_URL=postgres://...` on that PostgreSQL database (its portal tables are
// migrated and the content re-loaded). Loads the real content/, runs the queries of both sets through the
// aggregator search: the tuning set (queries.ts, the set search was tuned with) and the held-out set
// (held-out-queries.ts, never used to tune). Prints Success@3, MRR@10 and the share of queries with no result
// per kind, the two sets side by side, then the queries of each set that missed (bench/README.md keeps the
// figures).
import { openContentApp } from '../support/content-app';
import { answerableNoResult, isMiss, runQuery, summarize, type QueryOutcome } from './evaluate';
import { HELD_OUT_QUERIES } from './held-out-queries';
import { TUNING_QUERIES, type RelevanceQuery } from './queries';

const t = await openContentApp();
try {
  const runAll = async (queries: readonly RelevanceQuery[]) => {
    const outcomes: QueryOutcome[] = [];
    for (const query of queries) outcomes.push(await runQuery(t.app, query));
    return outcomes;
  };
  const tuning = await runAll(TUNING_QUERIES);
  const heldOut = await runAll(HELD_OUT_QUERIES);

  console.log(
    `search relevance on ${t.database} over content/: tuning set ${TUNING_QUERIES.length} queries, held-out set ${HELD_OUT_QUERIES.length}\n`,
  );
  const pct = (value: number) => `${(value * 100).toFixed(0)} %`;
  const pair = (a: string, b: string, width: number) => `${a} / ${b}`.padStart(width);
  console.log('Each cell: tuning / held-out.\n');
  console.log('| kind        | queries  | Success@3   | MRR@10      | no result     |');
  console.log('| ----------- | -------- | ----------- | ----------- | ------------- |');
  const heldOutRows = summarize(heldOut);
  for (const row of summarize(tuning)) {
    const other = heldOutRows.find((candidate) => candidate.kind === row.kind);
    if (!other) continue;
    const nonsense = row.kind === 'nonsense';
    console.log(
      `| ${row.kind.padEnd(11)} | ${pair(String(row.queries), String(other.queries), 8)} | ${pair(row.successAt3.toFixed(2), other.successAt3.toFixed(2), 11)} | ${(nonsense ? '-' : pair(row.mrrAt10.toFixed(2), other.mrrAt10.toFixed(2), 11)).padStart(11)} | ${pair(pct(row.noResult), pct(other.noResult), 13)} |`,
    );
  }
  console.log(
    `\nanswerable queries with no result: tuning ${(answerableNoResult(tuning) * 100).toFixed(1)} %, held-out ${(answerableNoResult(heldOut) * 100).toFixed(1)} %`,
  );
  const printMisses = (label: string, outcomes: readonly QueryOutcome[]) => {
    const misses = outcomes.filter(isMiss);
    console.log(
      `\n${label} set: ${misses.length} misses (kind, rank of the best expected item, total, query):`,
    );
    for (const miss of misses)
      console.log(
        `  ${miss.query.kind.padEnd(11)} ${String(miss.rank ?? '-').padStart(2)} ${String(miss.total).padStart(4)}  ${miss.query.query}${miss.fallback ? `  (shown: ${miss.fallback})` : ''}`,
      );
  };
  printMisses('tuning', tuning);
  printMisses('held-out', heldOut);
} finally {
  await t.close();
}
