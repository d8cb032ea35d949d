import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { executeRows, openDatabase, type DatabaseHandle } from '../../src/server/db/client.js';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../../src/server/db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';

/** Every table the migrations create, the built-in connectors' included. */
const ALL_TABLES = [
  'article_votes',
  'assistant_conversations',
  'assistant_messages',
  'auth_flows',
  'authorization_codes',
  'canned_replies',
  'community_posts',
  'connector_grants',
  'content_sync_state',
  'customer_accounts',
  'deflection_forms',
  'deflection_suggestions',
  'docs_pages',
  'download_records',
  'event_stream_places',
  'helpdesk_auth_requests',
  'helpdesk_sign_in_events',
  'helpdesk_ticket_comments',
  'helpdesk_ticket_events',
  'helpdesk_tickets',
  'helpdesk_users',
  'kb_articles',
  'kb_categories',
  'kb_sections',
  'notice_changes',
  'notice_reads',
  'notices',
  'passage_vectors',
  'rate_limit_counters',
  'search_clicks',
  'search_events',
  'search_words',
  'sessions',
  'storage_signing_keys',
  'stored_object_chunks',
  'stored_objects',
  'ticket_attachments',
  'ticket_issue_links',
  'ticket_views',
  'tracker_issues',
  'user_identities',
  'users',
  'zendesk_ticket_poll',
  'zendesk_ticket_state',
];

/** Migrations in the committed journal: each must be recorded as applied exactly once. */
async function migrationCount(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function tableNames(handle: DatabaseHandle): Promise<string[]> {
  const rows = await executeRows<{ table_name: string }>(
    handle.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

describe('migrations', () => {
  let database: TestDatabase | undefined;
  const extra: DatabaseHandle[] = [];
  afterEach(async () => {
    await Promise.all(extra.splice(0).map((handle) => handle.close()));
    await database?.close();
    database = undefined;
  });

  it('create the schema on an empty database and are idempotent', async () => {
    database = await createTestDatabase({ migrate: false });
    expect(await tableNames(database.handle)).toEqual([]);
    await migrateDatabase(database.handle);
    await migrateDatabase(database.handle);
    expect(await tableNames(database.handle)).toEqual(ALL_TABLES);
  });

  it('keep every search vector in its row (storage main), where a search reads it without the TOAST index', async () => {
    database = await createTestDatabase();
    const columns = await executeRows<{ column: string; storage: string }>(
      database.handle.db,
      sql`select c.relname || '.' || a.attname as column, a.attstorage as storage
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and a.atttypid = 'tsvector'::regtype and not a.attisdropped
        order by 1`,
    );
    expect(columns).toEqual(
      [
        'community_posts.search',
        'docs_pages.search',
        'helpdesk_tickets.search',
        'helpdesk_tickets.staff_search',
        'kb_articles.search',
        'tracker_issues.search',
      ].map((column) => ({ column, storage: 'm' })),
    );
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, instances migrating at the same time wait for each other',
    async () => {
      database = await createTestDatabase({ migrate: false });
      const { handle, url } = database;
      if (!url) throw new Error('expected PostgreSQL');
      for (let i = 0; i < 3; i += 1) extra.push(await openDatabase({ location: { url } }));
      // Without the advisory lock these race on CREATE SCHEMA / CREATE TABLE and some fail.
      await Promise.all([handle, ...extra].map((h) => migrateDatabase(h)));
      expect(await tableNames(handle)).toEqual(ALL_TABLES);
      const applied = await executeRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied).toEqual([{ n: await migrationCount() }]);
    },
  );
});

describe('scans', () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('start at the first page of a table on every connection, so a search always ranks the same candidates', async () => {
    database = await createTestDatabase({ migrate: false });
    const { handle } = database;
    // Several at once, so that the pool opens more than one connection.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        executeRows<{ synchronize_seqscans: string }>(handle.db, sql`show synchronize_seqscans`),
      ),
    );
    expect(settings.flat().map((row) => row.synchronize_seqscans)).toEqual(['off', 'off', 'off', 'off']);
  });
});

describe('PGlite settings', () => {
  const opened: DatabaseHandle[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((handle) => handle.close()));
  });

  it('keeps a small buffer cache by default and takes PGLITE_SHARED_BUFFERS', async () => {
    const show = async (handle: DatabaseHandle) =>
      (await executeRows<{ shared_buffers: string }>(handle.db, sql`show shared_buffers`))[0]?.shared_buffers;
    const byDefault = await openDatabase({ location: { memory: true } });
    opened.push(byDefault);
    expect(await show(byDefault)).toBe('32MB');
    const larger = await openDatabase({ location: { memory: true }, pgliteSharedBuffers: '64MB' });
    opened.push(larger);
    expect(await show(larger)).toBe('64MB');
  });
});
