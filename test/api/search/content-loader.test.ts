import { cp, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchWords } from '../../../src/server/db/schema/index.js';
import { communityPosts } from '../../../src/server/connectors/community/builtin/schema.js';
import { docsPages } from '../../../src/server/connectors/docs/builtin/schema.js';
import {
  kbArticles,
  kbCategories,
  kbSections,
} from '../../../src/server/connectors/knowledge-base/builtin/schema.js';
import { loadContent } from '../../../src/server/connectors/content-folder/load-content.js';
import { SIGNED_IN_SEGMENT_ID } from '../../../src/server/connectors/content-folder/read-content.js';
import { watchContent } from '../../../src/server/connectors/content-folder/watch-content.js';
import type { VocabularyWord } from '../../../src/server/connectors/search-types.js';
import {
  knownWords,
  refreshSearchWords,
  similarWords,
} from '../../../src/server/services/search/search-words.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-db.js';
import { createTestApp, FIXTURE_CONTENT_DIR } from '../../support/test-app.js';

describe('content loader', () => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-content-'));
    await cp(FIXTURE_CONTENT_DIR, dir, { recursive: true });
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  const db = () => database.db;
  const article = async (slug: string) =>
    (await db().select().from(kbArticles).where(eq(kbArticles.slug, slug)))[0];

  it('loads KB categories, sections and articles, docs pages with blocks and community posts', async () => {
    const result = await loadContent({ db: db(), dir });
    expect(result).toMatchObject({ kbArticles: 12, docsPages: 2, communityPosts: 3, problems: [] });
    const categories = await db().select().from(kbCategories);
    expect(categories.map((c) => [c.slug, c.name]).sort()).toEqual([
      ['getting-started', 'Getting Started'],
      ['tech-hub', 'Tech Hub'],
    ]);
    expect((await db().select().from(kbSections)).length).toBe(9);
    const locked = await article('license-activation-customer-id');
    expect(locked?.userSegmentId).toBe(SIGNED_IN_SEGMENT_ID);
    expect(locked?.htmlUrl).toBe('/docs?article=license-activation-customer-id');
    expect((await article('controller-upgrade-path'))?.userSegmentId).toBeNull();
    const [page] = await db()
      .select()
      .from(docsPages)
      .where(eq(docsPages.path, '/controller/transit-gateways'));
    expect(page?.domain).toBe('docs.acme.example');
    expect(page?.blocks.map((block) => block.title)).toEqual(['', 'Sizing', 'Route propagation']);
    expect(page?.blocks[0]?.content.startsWith('A transit gateway connects spoke gateways')).toBe(true);
    const [post] = await db()
      .select()
      .from(communityPosts)
      .where(eq(communityPosts.slug, 'bgp-over-lan-flapping'));
    expect(post).toMatchObject({
      author: 'netops_dana',
      replies: 7,
      url: 'https://community.acme.example/t/bgp-over-lan-flapping',
    });
  });

  it('loading unchanged files again keeps the rows (and their ids)', async () => {
    await loadContent({ db: db(), dir });
    const before = await article('controller-upgrade-path');
    const again = await loadContent({ db: db(), dir });
    expect(again.deleted).toBe(0);
    expect((await article('controller-upgrade-path'))?.id).toBe(before?.id);
  });

  it('applies edits and deletes rows (and empty sections) whose files are gone', async () => {
    await loadContent({ db: db(), dir });
    const file = path.join(dir, 'kb/tech-hub/upgrades/controller-upgrade-path.md');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace(/^title: .*$/m, 'title: Edited upgrade path'),
    );
    await unlink(path.join(dir, 'kb/tech-hub/edge/edge-zero-touch-provisioning.md'));
    await unlink(path.join(dir, 'community/copilot-topology-empty.md'));
    const result = await loadContent({ db: db(), dir });
    expect(result.deleted).toBe(2);
    expect((await article('controller-upgrade-path'))?.title).toMatch(/^Edited/);
    expect(await article('edge-zero-touch-provisioning')).toBeUndefined();
    expect(await db().select().from(kbSections).where(eq(kbSections.key, 'tech-hub/edge'))).toEqual([]);
    expect(
      await db().select().from(communityPosts).where(eq(communityPosts.slug, 'copilot-topology-empty')),
    ).toEqual([]);
  });

  it("keeps the vocabulary ('Did you mean', foreign words) equal to the words of the current content after every load", async () => {
    const t = await createTestApp({ contentDir: dir, accounts: false });
    try {
      const reload = async () => {
        await loadContent({ db: t.database.db, dir });
        await t.app.contentLoaded();
      };
      const words = async () => (await t.database.db.select().from(searchWords)).map((row) => row.word);
      expect(await words()).toEqual(expect.arrayContaining(['controller', 'upgrade', 'path', 'transit']));
      // Short words and words with digits are never corrected, so they are not listed.
      expect((await words()).filter((word) => word.length < 3 || /\d/.test(word))).toEqual([]);
      const file = path.join(dir, 'kb/tech-hub/upgrades/controller-upgrade-path.md');
      await writeFile(
        file,
        (await readFile(file, 'utf8')).replace(/^title: .*$/m, 'title: Quokka migration notes'),
      );
      await reload();
      expect(await words()).toEqual(expect.arrayContaining(['quokka', 'migration']));
      expect((await similarWords(t.database.db, 'qokka'))[0]?.word).toBe('quokka');
      // Body words are the content's own too, with the items holding them and their stem.
      const known = await knownWords(t.database.db, ['quokka', 'gateways', 'gatewayed', 'wombat']);
      expect(new Set(known.items.keys())).toEqual(new Set(['quokka', 'gateways', 'gatewayed']));
      expect(known.items.get('quokka')).toBe(1);
      // As many items as the commonest word is in: at least every item holding "gateways".
      expect(known.total).toBeGreaterThanOrEqual(known.items.get('gateways') ?? 0);
      await unlink(file);
      await reload();
      expect(await words()).not.toContain('quokka');
    } finally {
      await t.close();
    }
  });

  it('two refreshes at once end with the words the later one read', async () => {
    const slowly = (titles: string[], ms: number) => ({
      vocabulary: () =>
        new Promise<VocabularyWord[]>((resolve) =>
          setTimeout(
            () =>
              resolve(
                titles
                  .flatMap((title) => title.toLowerCase().split(' '))
                  .map((word) => ({ word, items: 1, inTitle: true })),
              ),
            ms,
          ),
        ),
    });
    // The first reads old titles slowly; the second, asked for after a load, reads the new ones at once.
    await Promise.all([
      refreshSearchWords(db(), [slowly(['Wombat routing'], 200)]),
      refreshSearchWords(db(), [slowly(['Quokka routing'], 0)]),
    ]);
    expect((await db().select().from(searchWords)).map((row) => row.word).sort()).toEqual([
      'quokka',
      'routing',
    ]);
  });

  it('a broken file is reported and its row kept; rows the loader does not own are never deleted', async () => {
    await loadContent({ db: db(), dir });
    await db().insert(communityPosts).values({
      slug: 'not-from-a-file',
      title: 'Synthetic',
      author: 'bench',
      text: 'x',
      url: 'https://community.acme.example/t/not-from-a-file',
    });
    await writeFile(
      path.join(dir, 'kb/tech-hub/security/egress-fqdn-filtering.md'),
      '---\ntitle: [unclosed\n---\nbody',
    );
    await writeFile(path.join(dir, 'community/Bad Name.md'), '---\ntitle: x\n---\n');
    const result = await loadContent({ db: db(), dir });
    expect(result.problems.map((problem) => problem.file).sort()).toEqual([
      'community/Bad Name.md',
      'kb/tech-hub/security/egress-fqdn-filtering.md',
    ]);
    expect(await article('egress-fqdn-filtering')).toBeDefined();
    expect(
      await db().select().from(communityPosts).where(eq(communityPosts.slug, 'not-from-a-file')),
    ).toHaveLength(1);
  });

  it('a missing folder loads and deletes nothing', async () => {
    await loadContent({ db: db(), dir });
    const result = await loadContent({ db: db(), dir: path.join(dir, 'nope') });
    expect(result.problems).toHaveLength(1);
    expect(await article('controller-upgrade-path')).toBeDefined();
  });

  it('two loads at once (two instances) both succeed', async () => {
    const results = await Promise.all([loadContent({ db: db(), dir }), loadContent({ db: db(), dir })]);
    expect(results.map((result) => result.problems)).toEqual([[], []]);
    expect((await db().select().from(kbArticles)).filter((row) => row.sourcePath !== null)).toHaveLength(12);
  });

  it('the watcher re-loads after a change, debounced', async () => {
    await loadContent({ db: db(), dir });
    let reloads = 0;
    const reloaded = new Promise<void>((resolve) => {
      const watcher = watchContent({
        dir,
        debounceMs: 50,
        log: pino({ level: 'silent' }),
        reload: async () => {
          reloads += 1;
          await loadContent({ db: db(), dir });
          watcher.close();
          resolve();
        },
      });
    });
    const file = path.join(dir, 'community/new-post.md');
    // Node's recursive watch on Linux adds its watches in the background and says nothing when done: the two
    // quick writes are repeated until the watcher has seen them (a condition, not a sleep). The interval is
    // well above the debounce, so each round of two writes is one reload.
    await vi.waitFor(
      async () => {
        if (reloads === 0) {
          await writeFile(file, '---\ntitle: Fresh post\nauthor: me\ncreated: 2025-11-01\n---\nHello');
          await writeFile(file, '---\ntitle: Fresh post\nauthor: me\ncreated: 2025-11-01\n---\nHello again');
        }
        expect(reloads).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 250 },
    );
    await reloaded;
    expect(reloads).toBe(1);
    const [post] = await db().select().from(communityPosts).where(eq(communityPosts.slug, 'new-post'));
    expect(post?.text).toBe('Hello again');
  });
});
