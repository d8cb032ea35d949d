import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderSources, loadContent } from '../../../src/server/connectors/content-folder/load-content.js';
import { passageVectors } from '../../../src/server/db/schema/index.js';
import { loadEnv } from '../../../src/server/env.js';
import { contentPassages } from '../../../src/server/services/search/passage-vectors.js';
import { copyFixtureContent } from '../../support/content-copy.js';
import { startFakeEmbeddings, type FakeEmbeddings } from '../../support/fake-embeddings.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/**
 * The passages' vectors are computed in the background after a content load, once per text and embedder: a
 * restart or a second instance computes nothing, a changed section costs that section only, and another
 * embedder computes them all again. The embedder is a fake OpenAI-compatible endpoint that counts its inputs.
 */
describe('passage vectors', () => {
  let fake: FakeEmbeddings;
  let content: Awaited<ReturnType<typeof copyFixtureContent>>;
  let first: TestApp;
  const env = (model: string) => ({
    EMBEDDINGS: 'true',
    EMBEDDINGS_URL: fake.url,
    EMBEDDINGS_MODEL: model,
    EMBEDDINGS_API_KEY: 'sk-test',
  });
  const embeddedTexts = (from: number) => fake.requests.slice(from).flatMap((request) => request.input);
  const storedRows = async () => (await first.database.db.select({ n: count() }).from(passageVectors))[0]?.n;

  beforeAll(async () => {
    fake = await startFakeEmbeddings({ apiKey: 'sk-test' });
    content = await copyFixtureContent();
    first = await createTestApp({ contentDir: content.dir, accounts: false, env: env('embed-small') });
    await first.app.passageVectors?.settled();
  });
  afterAll(async () => {
    await first.close();
    await fake.close();
    await content.remove();
  });

  it('embeds every passage of the KB, docs and community once, in the background after the load', async () => {
    const passages = await contentPassages(first.database.db);
    // Every article and page is cut at its headings: more passages than items.
    expect(passages.length).toBeGreaterThan(12 + 2 + 3);
    expect(new Set(passages.map((passage) => passage.source))).toEqual(
      new Set(['kb_articles', 'docs_pages', 'community_posts']),
    );
    expect(embeddedTexts(0).sort()).toEqual(passages.map((passage) => passage.text).sort());
    expect(fake.requests.every((request) => request.model === 'embed-small')).toBe(true);
    expect(fake.requests[0]?.authorization).toBe('Bearer sk-test');
    expect(await storedRows()).toBe(passages.length);
    expect(first.app.passageVectors?.ready).toBe(true);
  });

  it("scores each passage of the items asked, numbered as the assistant's passages", async () => {
    const passages = await contentPassages(first.database.db);
    const article = passages.filter(
      (passage) => passage.source === 'kb_articles' && passage.passage === 2,
    )[0];
    if (!article) throw new Error('the fixture content has an article with three sections');
    const similarities = await first.app.passageVectors?.passageSimilarities('kb_articles', article.text, [
      article.itemId,
    ]);
    const own = passages.filter(
      (passage) => passage.source === 'kb_articles' && passage.itemId === article.itemId,
    );
    expect([...(similarities?.keys() ?? [])].sort()).toEqual(
      own.map((passage) => `${article.itemId}/${passage.passage}`).sort(),
    );
    const best = [...(similarities?.entries() ?? [])].sort((a, b) => b[1] - a[1])[0];
    expect(best?.[0]).toBe(`${article.itemId}/2`);
    expect(best?.[1]).toBeCloseTo(1, 4);
  });

  it('a restart (another instance on the same database) computes nothing', async () => {
    const before = fake.requests.length;
    const second = await createTestApp({ sharedDatabase: first.database, env: env('embed-small') });
    try {
      await second.app.contentLoaded();
      await second.app.passageVectors?.settled();
      expect(second.app.passageVectors?.ready).toBe(true);
      expect(embeddedTexts(before)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('a changed section is embedded again, and only it', async () => {
    const file = path.join(content.dir, 'kb/tech-hub/upgrades/controller-upgrade-path.md');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace(
        'Take a controller backup and confirm it completed.',
        'Take a controller backup and copy it off the controller.',
      ),
    );
    const before = fake.requests.length;
    await loadContent({
      db: first.database.db,
      dir: content.dir,
      sources: folderSources(loadEnv({ NODE_ENV: 'test' })),
    });
    await first.app.contentLoaded();
    await first.app.passageVectors?.settled();
    const texts = embeddedTexts(before);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^Controller and gateway upgrade path and best practices\nChecklist\n/);
    expect(texts[0]).toContain('copy it off the controller');
    expect(await storedRows()).toBe((await contentPassages(first.database.db)).length);
  });

  it('another embedder computes every passage again and replaces the vectors', async () => {
    const before = fake.requests.length;
    const other = await createTestApp({ sharedDatabase: first.database, env: env('embed-large') });
    try {
      await other.app.contentLoaded();
      await other.app.passageVectors?.settled();
      const passages = await contentPassages(first.database.db);
      expect(embeddedTexts(before)).toHaveLength(passages.length);
      const embedders = await first.database.db
        .selectDistinct({ embedder: passageVectors.embedder })
        .from(passageVectors);
      expect(embedders).toEqual([{ embedder: expect.stringMatching(/:embed-large$/) as unknown }]);
    } finally {
      await other.close();
    }
  });
});
