// How much memory a PostgreSQL connection keeps for each search statement it has prepared: the portal runs a
// search's full match as a named prepared statement (db/client.ts executePreparedRows), and every connection
// keeps each such text with its plan for as long as it lives (README.md, Deployment, on poolers).
//
//   BENCH_PG_CORPUS_URL=postgres://postgres@127.0.0.1:5432/search_bench node --import tsx bench/search/statement-memory.ts
//
// BENCH_PG_CORPUS_URL names a database filled by generate-corpus.ts (the statistics decide which of its two
// forms, index or scan, a statement takes, so both forms need a corpus with common and rare words). On one
// connection it runs the full-match statement of each searchable content table for the search bench's typed
// queries once unnamed (so that the table and catalogue caches the statements need are loaded), reads the
// backend's memory (pg_backend_memory_contexts), then runs each distinct text as the portal does, named, six
// times (after five a connection keeps its generic plan), and reads the memory again. It prints the growth per
// kept text, in all and in the plan cache's own contexts.
import { sql } from 'drizzle-orm';
import { SEARCH_PAGE_SIZE } from '../../src/common/contracts/search';
import { COMMUNITY_FULLTEXT } from '../../src/server/connectors/community/builtin/community';
import { DOCS_FULLTEXT } from '../../src/server/connectors/docs/builtin/docs';
import { KB_FULLTEXT } from '../../src/server/connectors/knowledge-base/builtin/knowledge-base';
import { executePreparedRows, executeRows, openDatabase, type Database } from '../../src/server/db/client';
import { commonLexemes } from '../../src/server/lib/fulltext/common-lexemes';
import { sourceStatement } from '../../src/server/lib/fulltext/fulltext-search';
import { NO_SYNONYMS } from '../../src/server/lib/fulltext/query-terms';
import { PgDialect } from 'drizzle-orm/pg-core';

const url = process.env.BENCH_PG_CORPUS_URL;
if (!url) throw new Error('set BENCH_PG_CORPUS_URL to a database filled by bench/search/generate-corpus.ts');

/** Common and rare words of the corpus, alone and together: both forms of each table's statement. */
const QUERIES = ['gateway', 'transit gateway', 'spoke attachment', 'mtu jumbo frames', 'terraform api error'];
const SOURCES = [KB_FULLTEXT, DOCS_FULLTEXT, COMMUNITY_FULLTEXT];
/** Runs of one named text after which PostgreSQL's plan cache may keep a generic plan. */
const RUNS = 6;

interface MemoryRow extends Record<string, unknown> {
  total: string;
  plans: string;
}

async function backendMemory(db: Database): Promise<{ total: number; plans: number }> {
  const [row] = await executeRows<MemoryRow>(
    db,
    sql`select sum(total_bytes)::text as total,
               coalesce(sum(total_bytes) filter (where name like 'CachedPlan%'), 0)::text as plans
        from pg_backend_memory_contexts`,
  );
  return { total: Number(row?.total ?? 0), plans: Number(row?.plans ?? 0) };
}

// One connection, so that every statement and every reading is that connection's.
const handle = await openDatabase({ location: { url }, poolMax: 1 });
try {
  const lexemes = commonLexemes(handle.db);
  const dialect = new PgDialect();
  const texts = new Map<string, ReturnType<typeof sourceStatement>>();
  for (const spec of SOURCES) {
    const stats = await lexemes.of(spec.table, 'search');
    for (const query of QUERIES) {
      const source = sourceStatement(
        spec,
        { query, page: 1, pageSize: SEARCH_PAGE_SIZE, match: 'all' },
        { synonyms: NO_SYNONYMS, candidateLimit: 200, stats },
      );
      if (source) texts.set(dialect.sqlToQuery(source.statement).sql, source);
    }
  }
  for (const source of texts.values()) if (source) await executeRows(handle.db, source.statement);
  const before = await backendMemory(handle.db);
  for (const source of texts.values()) {
    for (let run = 0; run < RUNS; run += 1)
      if (source) await executePreparedRows(handle.db, source.statement);
  }
  const after = await backendMemory(handle.db);
  const [plans] = await executeRows<{ prepared: string; generic: string }>(
    handle.db,
    sql`select count(*)::text as prepared, count(*) filter (where generic_plans > 0)::text as generic
        from pg_prepared_statements`,
  );
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  console.log(`${texts.size} distinct full-match texts (${SOURCES.length} tables, index and scan forms)`);
  console.log(`prepared on the connection: ${plans?.prepared}, ${plans?.generic} of them on a generic plan`);
  console.log(`backend memory: ${kb(before.total)} before, ${kb(after.total)} after preparing them`);
  console.log(`per kept text: ${kb((after.total - before.total) / texts.size)} in all`);
  console.log(`               ${kb((after.plans - before.plans) / texts.size)} in the plan cache's contexts`);
} finally {
  await handle.close();
}
