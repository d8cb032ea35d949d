/**
 * Fills a new PostgreSQL database for the scale bench in bulk: up to `SEED_ITEMS` distinct items written by the
 * search bench's corpus writers (generate-corpus.ts), sent once as JSON, then multiplied to the size asked for
 * with `generate_series` inside the server (the n-th row takes the title of one seed and the text of another),
 * not row by row from here. The full-text (GIN) indexes are dropped for the insert and built again after, as
 * a bulk load would; then the statistics and the 'Did you mean' word list, as generate-corpus.ts leaves them.
 */
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { migrateDatabase } from '../../src/server/db/migrate.js';
import { refreshSearchWords } from '../../src/server/services/search/search-words.js';
import { tableVocabulary } from '../../src/server/lib/fulltext/term-stats.js';
import { KB_FULLTEXT } from '../../src/server/connectors/knowledge-base/builtin/knowledge-base.js';
import { corpusWriters } from '../search/generate-corpus.js';

/** Distinct items written in JS; beyond them rows repeat a seed's text (with another seed's title). */
const SEED_ITEMS = Number(process.env.SCALE_SEED_ITEMS ?? 10_000);

export interface Filled {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
}

/** Generous bounds: the portal's 8 s statement timeout is for requests, not for a bulk load. */
const BULK_TIMEOUTS = { statementMs: 3_600_000, acquireMs: 60_000 };

/**
 * Migrates the database, then runs `use` with the portal's own handle (for its helpers) and one plain
 * connection (a session of its own: the temporary seed table lives in it).
 */
async function withDatabase<T>(
  url: string,
  use: (db: Database, client: pg.Client) => Promise<T>,
): Promise<T> {
  const handle = await openDatabase({ location: { url }, timeouts: BULK_TIMEOUTS });
  const client = new pg.Client({ connectionString: url });
  try {
    await migrateDatabase(handle);
    await client.connect();
    return await use(handle.db, client);
  } finally {
    await client.end().catch(() => undefined);
    await handle.close();
  }
}

/**
 * Writes up to SEED_ITEMS items (fewer for a smaller `count`) with one of the corpus's writers and loads them
 * into the session's temporary table `seed (i, title, text)`, in one statement.
 */
async function loadSeeds(
  client: pg.Client,
  writer: 'article' | 'post',
  count: number,
): Promise<Array<{ title: string; text: string }>> {
  const write = (await corpusWriters())[writer];
  const seeds = Array.from({ length: Math.min(count, SEED_ITEMS) }, () => write.item());
  await client.query('create temporary table seed (i int primary key, title text, text text)');
  await client.query(
    'insert into seed select * from json_to_recordset($1::json) as x(i int, title text, text text)',
    [JSON.stringify(seeds.map((seed, i) => ({ i, ...seed })))],
  );
  return seeds;
}

/**
 * Drops a table's indexes that back no constraint (GIN and B-tree alike), runs `insert`, then builds them again
 * from their own definitions: one build per index is much faster than keeping each up to date row by row.
 */
async function withoutIndexes(client: pg.Client, table: string, insert: string, values: unknown[]) {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where tablename = $1 and indexname not in (select conname from pg_constraint)`,
    [table],
  );
  for (const index of rows) await client.query(`drop index "${index.name}"`);
  await client.query(insert, values);
  // The index builds may use more memory than a request's sort would.
  await client.query(`set maintenance_work_mem = '256MB'`);
  for (const index of rows) await client.query(index.definition);
}

async function finish(client: pg.Client): Promise<void> {
  await client.query('vacuum analyze');
  await client.query('checkpoint');
}

async function timed(rows: number, fill: () => Promise<void>): Promise<Filled> {
  const started = performance.now();
  await fill();
  const seconds = (performance.now() - started) / 1000;
  return { rows, seconds, rowsPerSecond: rows / seconds };
}

/** `count` knowledge-base articles written like the real ones (the search bench's article writer). */
export async function fillKnowledgeBase(url: string, count: number): Promise<Filled> {
  return withDatabase(url, (db, client) =>
    timed(count, async () => {
      const seeds = await loadSeeds(client, 'article', count);
      await withoutIndexes(
        client,
        'kb_articles',
        `insert into kb_articles (slug, title, body, body_text, section, html_url, user_segment_id, view_count,
                                  updated_at)
         select 'bench-kb-' || g, t.title, '<p>' || b.text || '</p>', b.text, 'Bench',
                '/docs?article=bench-kb-' || g, case when g % 10 = 0 then 1 end, (g::bigint * 7919) % 1000,
                now() - g * interval '1 minute'
         from generate_series(0, $1::int - 1) g
         join seed b on b.i = g % $2::int
         join seed t on t.i = (g * 7 + 3) % $2::int`,
        [count, seeds.length],
      );
      await refreshSearchWords(db, [{ vocabulary: () => tableVocabulary(db, KB_FULLTEXT) }]);
      await finish(client);
    }),
  );
}

/** Address of the agent some generated tickets are assigned to (the bench signs in as it: `assignee=me`). */
export const QUEUE_AGENT_EMAIL = 'scale-agent@bench.example';

/**
 * `count` help-desk tickets written like the community posts: every status, priority and due state, 5,000
 * requesters of 500 organisations, a fifth unassigned, one in twenty assigned to QUEUE_AGENT_EMAIL.
 */
export async function fillTicketQueue(url: string, count: number): Promise<Filled> {
  return withDatabase(url, (_db, client) =>
    timed(count, async () => {
      const seeds = await loadSeeds(client, 'post', count);
      await client.query(
        `insert into helpdesk_users (email, name, role)
         select 'customer' || c || '@org' || (c % 500) || '.example', 'Customer ' || c, 'customer'
         from generate_series(0, 4999) c on conflict do nothing`,
      );
      await withoutIndexes(
        client,
        'helpdesk_tickets',
        `insert into helpdesk_tickets (subject, description, status, priority, release, requester_email,
                                       organisation, tier, assignee_email, first_response_due_at,
                                       first_responded_at, created_at, updated_at)
         select t.title, b.text,
                (array['new','open','open','pending','hold','solved','solved','closed','closed','closed'])[g % 10 + 1],
                (array['P1','P2','P3','P3'])[g % 4 + 1],
                (array['7.2','8.0','8.1'])[g % 3 + 1],
                'customer' || (g % 5000) || '@org' || (g % 5000 % 500) || '.example',
                'Org ' || (g % 500),
                (array['Basic','Enterprise','Enterprise Plus','Strategic'])[g % 4 + 1],
                case when g % 5 = 0 then null when g % 20 = 1 then $3
                     else 'agent' || (g % 40) || '@bench.example' end,
                now() + ((g % 2880) - 1440) * interval '1 minute',
                case when g % 3 = 0 then now() - (g % 600) * interval '1 minute' end,
                now() - g * interval '30 seconds', now() - g * interval '20 seconds'
         from generate_series(0, $1::int - 1) g
         join seed b on b.i = g % $2::int
         join seed t on t.i = (g * 7 + 3) % $2::int`,
        [count, seeds.length, QUEUE_AGENT_EMAIL],
      );
      await finish(client);
    }),
  );
}
