// The relevance bench: `node --import tsx bench/search-relevance/run.ts` on PGlite (a fresh one in a temporary
// folder), and with `BENCH_DATABASE_URL=postgres://...` on that PostgreSQL database (its portal tables are
// migrated and the content re-loaded). Loads the real content/ and the demo tickets and tracker issues, runs the
// queries of the three sets through the aggregator search: the tuning set (queries.ts, the set search was tuned
// with), the held-out set (held-out-queries.ts, never used to tune) and the fresh set (fresh-queries.ts, never
// used to tune either; its identifier queries by an agent are sent with an agent's session). Prints Success@3,
// MRR@10 and the share of queries with no result per kind, the three sets side by side, the identifiers found
// first, then the queries of each set that missed (bench/README.md keeps the figures).
import { seedDemoData } from '../../src/server/connectors/demo-data';
import { createAgent, sessionCookie } from '../../test/support/factories';
import { openContentApp } from '../support/content-app';
import {
  answerableNoResult,
  CLASSIC_KINDS,
  foundFirst,
  FRESH_KINDS,
  isMiss,
  runQuery,
  summarize,
  type KindSummary,
  type QueryOutcome,
} from './evaluate';
import { FRESH_QUERIES } from './fresh-queries';
import { HELD_OUT_QUERIES } from './held-out-queries';
import { TUNING_QUERIES, type QueryKind, type RelevanceQuery } from './queries';

const t = await openContentApp();
try {
  // The tickets and tracker issues an agent's identifier queries look for; a visitor never sees them. Into an
  // empty table they get the numbers the fresh set names (1 to 31).
  await seedDemoData(t.app.db);
  const agent = await createAgent(t.app);
  const { cookie } = await sessionCookie(t.app, { id: agent.id, role: 'agent' });
  const runAll = async (queries: readonly RelevanceQuery[]) => {
    const outcomes: QueryOutcome[] = [];
    for (const query of queries) outcomes.push(await runQuery(t.app, query, cookie));
    return outcomes;
  };
  const tuning = await runAll(TUNING_QUERIES);
  const heldOut = await runAll(HELD_OUT_QUERIES);
  const fresh = await runAll(FRESH_QUERIES);

  console.log(
    `search relevance on ${t.database} over content/: tuning set ${TUNING_QUERIES.length} queries, held-out set ${HELD_OUT_QUERIES.length}, fresh set ${FRESH_QUERIES.length}\n`,
  );
  const pct = (value: number) => `${(value * 100).toFixed(0)} %`;
  console.log("Each cell: tuning / held-out / fresh ('-': the set has no query of that kind).\n");
  console.log(
    '| kind        | queries      | Success@3          | MRR@10             | no result           |',
  );
  console.log(
    '| ----------- | ------------ | ------------------ | ------------------ | ------------------- |',
  );
  const kinds = [...new Set<QueryKind>([...CLASSIC_KINDS, ...FRESH_KINDS])];
  const sets = [
    summarize(tuning, [...CLASSIC_KINDS, 'off-topic']),
    summarize(heldOut, CLASSIC_KINDS),
    summarize(fresh, FRESH_KINDS),
  ];
  for (const kind of kinds) {
    const rows = sets.map((set) => set.find((row) => row.kind === kind && row.queries > 0));
    const cell = (value: (row: KindSummary) => string, width: number) =>
      rows
        .map((row) => (row ? value(row) : '-'))
        .join(' / ')
        .padStart(width);
    const mustFindNothing = kind === 'nonsense' || kind === 'off-topic';
    console.log(
      `| ${kind.padEnd(11)} | ${cell((row) => String(row.queries), 12)} | ${cell((row) => row.successAt3.toFixed(2), 18)} | ${mustFindNothing ? '-'.padStart(18) : cell((row) => row.mrrAt10.toFixed(2), 18)} | ${cell((row) => pct(row.noResult), 19)} |`,
    );
  }
  const visitor = foundFirst(fresh, 'visitor');
  const byAgent = foundFirst(fresh, 'agent');
  const identifiers = summarize(fresh, ['identifier'])[0];
  console.log(
    `\nidentifiers found first (fresh set): ${pct(identifiers?.first ?? 0)} of ${identifiers?.queries ?? 0}; by a visitor ${pct(visitor.share)} of ${visitor.queries}, by an agent ${pct(byAgent.share)} of ${byAgent.queries}`,
  );
  console.log(
    `answerable queries with no result: tuning ${(answerableNoResult(tuning) * 100).toFixed(1)} %, held-out ${(answerableNoResult(heldOut) * 100).toFixed(1)} %, fresh ${(answerableNoResult(fresh) * 100).toFixed(1)} %`,
  );
  const printMisses = (label: string, outcomes: readonly QueryOutcome[]) => {
    const misses = outcomes.filter(isMiss);
    console.log(
      `\n${label} set: ${misses.length} misses (kind, rank of the best expected item, total, query; an identifier misses when not first):`,
    );
    for (const miss of misses)
      console.log(
        `  ${miss.query.kind.padEnd(11)} ${String(miss.rank ?? '-').padStart(2)} ${String(miss.total).padStart(4)}  ${miss.query.query}${miss.query.as === 'agent' ? '  (agent)' : ''}${miss.fallback ? `  (shown: ${miss.fallback})` : ''}`,
      );
  };
  printMisses('tuning', tuning);
  printMisses('held-out', heldOut);
  printMisses('fresh', fresh);
} finally {
  await t.close();
}
