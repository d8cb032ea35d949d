import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityPosts } from '../../../src/server/connectors/community/builtin/schema.js';
import { executeRows } from '../../../src/server/db/client.js';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../../../src/server/db/migrate.js';
import { anonymous, search } from '../../support/search.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-db.js';
import { useTestApp } from '../../support/use-test-app.js';

/** A community post of the test (the community source, `forumbee` in the search API). */
const post = (slug: string, title: string, text: string) => ({
  slug,
  title,
  author: 'tester',
  text,
  url: `https://community.acme.example/t/${slug}`,
});

const POSTS = [
  post('sizing', 'Choosing a gateway size', 'Pick the gateway size from the throughput you need.'),
  post('logs', 'Where a gateway keeps its logs', 'Each gateway writes its logs to /var/log.'),
  post('image', 'Gateway image downloads', 'Download the gateway image from the portal.'),
  post('reboot', 'Spoke gateway down after a reboot', 'The spoke stays unreachable after it restarts.'),
  post('failover', 'HA pair failover', 'When the primary gateway goes down, the standby takes over.'),
  post('status', 'Reading tunnel status', 'A tunnel that is not up after a change needs its keys checked.'),
  post('running', 'Tunnel up and running', 'Once the tunnel is up, traffic flows.'),
  post('mtu', 'Tunnel MTU', 'Large packets through a tunnel need a lower MTU.'),
];

describe('words that narrow a query (down, up, not, after...)', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await t.database.db.insert(communityPosts).values(POSTS);
  });

  const titlesOf = async (query: string) => {
    const body = await search(anonymous(t.app), query, ['forumbee']);
    return {
      titles: body.forumbee?.data.map((each) => each.title) ?? [],
      count: body.forumbee?.paging.count,
    };
  };

  it('"gateway down" ranks the items holding both words above those about a gateway only', async () => {
    const gateway = await titlesOf('gateway');
    const down = await titlesOf('gateway down');
    // The word narrows the order, not the matches: an item about a gateway only is still found, after.
    expect(down.count).toBeGreaterThan(5);
    expect(down.count).toBe(gateway.count);
    expect(new Set(down.titles)).toEqual(new Set(gateway.titles));
    expect(down.titles).not.toEqual(gateway.titles);
    // Every item holding `down` (the test's and the fixture content's), then every other one.
    const rows = await t.database.db
      .select({ title: communityPosts.title, text: communityPosts.text })
      .from(communityPosts);
    const holdsDown = new Set(
      rows.filter((row) => /\bdown\b/i.test(`${row.title} ${row.text}`)).map((row) => row.title),
    );
    const kinds = down.titles.map((title) => holdsDown.has(title));
    expect(kinds.indexOf(false)).toBeGreaterThanOrEqual(2);
    expect(kinds.slice(kinds.indexOf(false))).not.toContain(true);
    expect(down.titles[0]).toBe('Spoke gateway down after a reboot');
    expect(down.titles).toContain('HA pair failover');
    // `down` is matched whole: the post about downloads is not among the first.
    expect(down.titles.indexOf('Gateway image downloads')).toBeGreaterThan(1);
  });

  it('"tunnel not up" ranks by how many of its words an item holds', async () => {
    const { titles } = await titlesOf('tunnel not up');
    expect(titles).toEqual(['Reading tunnel status', 'Tunnel up and running', 'Tunnel MTU']);
  });

  it('a question of noise words only finds nothing; with a word, it finds what holds the word', async () => {
    const body = await search(anonymous(t.app), 'how do I');
    expect([body.zendesk?.results, body.git?.results, body.forumbee?.data]).toEqual([[], [], []]);
    const question = await titlesOf('is it normal that my tunnel is not up');
    expect(question.titles[0]).toBe('Reading tunnel status');
  });
});

describe('migration 0022 on a database that already holds content', () => {
  let database: TestDatabase;
  let before: string;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    // The migrations up to the one before, as a database deployed before it has them.
    before = await mkdtemp(path.join(tmpdir(), 'migrations-'));
    await cp(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalFile = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag.startsWith('0022_'));
    expect(at).toBeGreaterThan(0);
    await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    await migrateDatabase(database.handle, before);
  });
  afterAll(async () => {
    await database.close();
    await rm(before, { recursive: true, force: true });
  });

  const holding = async (lexemes: string) => {
    const rows = await executeRows<{ slug: string }>(
      database.db,
      sql`select slug from community_posts where search @@ to_tsquery('simple', ${lexemes}) order by slug`,
    );
    return rows.map((row) => row.slug);
  };

  it('computes every vector anew, with the narrowing words, and keeps the index and statistics', async () => {
    await database.db.insert(communityPosts).values(POSTS);
    expect(await holding('gateway & down')).toEqual([]);
    await migrateDatabase(database.handle);
    expect(await holding('gateway & down')).toEqual(['failover', 'reboot']);
    expect(await holding('tunnel & not & up')).toEqual(['status']);
    const indexes = await executeRows<{ name: string }>(
      database.db,
      sql`select indexname as name from pg_indexes where tablename = 'community_posts' and indexdef like '%USING gin (search)%'`,
    );
    expect(indexes).toEqual([{ name: 'community_posts_search_idx' }]);
    const stats = await executeRows<{ lexemes: string[] | null }>(
      database.db,
      sql`select most_common_elems::text::text[] as lexemes from pg_stats where tablename = 'community_posts' and attname = 'search'`,
    );
    expect(stats[0]?.lexemes).toContain('down');
  });
});
