#!/usr/bin/env node
// Calibrates SCAN_ROW_COST (src/server/lib/fulltext/plan-choice.ts), the cost of a scanned row in postings read
// by the index, with which the portal chooses how a full match finds its rows: through the GIN index, or by a
// scan in table order that stops at the cap.
//
//   BENCH_PG_CORPUS_URL=postgres://postgres@127.0.0.1:5432/search_bench node --import tsx bench/search/plan-choice.mjs
//
// BENCH_PG_CORPUS_URL names a database filled by generate-corpus.ts. On one connection, each full-match statement
// of the search bench's queries (queries.mjs) on the three content tables runs both ways, as the portal runs it
// (a named prepared statement), once to warm up and then BENCH_REPEATS times (default 4), and keeps its best
// time each way. It prints the sum over every statement of always taking the index, always the faster way, and
// the choice the portal makes from the column's statistics with each cost of BENCH_COSTS (default 5,10,20).
import { SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE } from '../../src/common/contracts/search.ts';
import { COMMUNITY_FULLTEXT } from '../../src/server/connectors/community/builtin/community.ts';
import { DOCS_FULLTEXT } from '../../src/server/connectors/docs/builtin/docs.ts';
import { KB_FULLTEXT } from '../../src/server/connectors/knowledge-base/builtin/knowledge-base.ts';
import { executePreparedRows, openDatabase } from '../../src/server/db/client.ts';
import { commonLexemes } from '../../src/server/lib/fulltext/common-lexemes.ts';
import { textQueryOf } from '../../src/server/lib/fulltext/fulltext-search.ts';
import { matchEstimateOf, SCAN_ROW_COST } from '../../src/server/lib/fulltext/plan-choice.ts';
import { NO_SYNONYMS, parseQuery } from '../../src/server/lib/fulltext/query-terms.ts';
import { searchStatement } from '../../src/server/lib/fulltext/statements.ts';
import { QUERIES } from './queries.mjs';

const url = process.env.BENCH_PG_CORPUS_URL;
if (!url) throw new Error('set BENCH_PG_CORPUS_URL to a database filled by bench/search/generate-corpus.ts');
const REPEATS = Number(process.env.BENCH_REPEATS ?? 4);
const COSTS = (process.env.BENCH_COSTS ?? '5,10,20').split(',').map(Number);
const SOURCES = [KB_FULLTEXT, DOCS_FULLTEXT, COMMUNITY_FULLTEXT];

/** The best of `REPEATS` timed runs of a statement, in ms, after one untimed run. */
async function bestTime(db, statement) {
  await executePreparedRows(db, statement);
  let best = Infinity;
  for (let run = 0; run < REPEATS; run += 1) {
    const started = performance.now();
    await executePreparedRows(db, statement);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

// One connection, so that every statement is timed alone.
const handle = await openDatabase({ location: { url }, poolMax: 1 });
try {
  const lexemes = commonLexemes(handle.db);
  /** Per statement: its estimate (undefined when the statistics do not know a word) and its time each way. */
  const timed = [];
  for (const spec of SOURCES) {
    const stats = await lexemes.of(spec.table, 'search');
    for (const typed of QUERIES) {
      const query = textQueryOf(typed, 'all', NO_SYNONYMS, stats);
      if (!query) continue;
      const ways = {};
      for (const plan of ['index', 'scan']) {
        const statement = searchStatement(spec, {
          query,
          limit: SEARCH_PAGE_SIZE,
          offset: 0,
          candidateLimit: 200,
          cap: SEARCH_COUNT_CAP,
          plan,
        });
        ways[plan] = await bestTime(handle.db, statement);
      }
      // A prefix term is estimated by its whole word either way, so the query as parsed gives the portal's estimate.
      timed.push({ estimate: matchEstimateOf(parseQuery(typed, NO_SYNONYMS), stats), ...ways });
    }
  }
  const total = (pick) => timed.reduce((sum, statement) => sum + pick(statement), 0);
  const choice = (cost) => (statement) => {
    const { estimate } = statement;
    const scan = estimate && (SEARCH_COUNT_CAP / estimate.share) * cost < estimate.postings;
    return scan ? statement.scan : statement.index;
  };
  const rows = [
    ['always the index', total((statement) => statement.index)],
    ['always the faster way', total((statement) => Math.min(statement.index, statement.scan))],
    ...COSTS.map((cost) => [
      `the choice, a scanned row = ${cost} postings${cost === SCAN_ROW_COST ? ' (SCAN_ROW_COST)' : ''}`,
      total(choice(cost)),
    ]),
  ];
  console.log(
    `${timed.length} statements (${QUERIES.length} queries, ${SOURCES.length} tables), best of ${REPEATS}\n`,
  );
  const width = Math.max(...rows.map(([what]) => what.length));
  console.log(`| ${'statements run'.padEnd(width)} | ms in all |`);
  console.log(`| ${'-'.repeat(width)} | --------- |`);
  for (const [what, ms] of rows) console.log(`| ${what.padEnd(width)} | ${ms.toFixed(0).padStart(9)} |`);
} finally {
  await handle.close();
}
