import { readFile, writeFile } from 'node:fs/promises';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestKbResponseSchema } from '../../src/common/contracts/latest-kb.js';
import { articleResponseSchema } from '../../src/common/contracts/search.js';
import { loadContent } from '../../src/server/connectors/content-folder/load-content.js';
import { get, signInWithPassword, type Browser } from '../support/auth-flow.js';
import { articleFile, copyFixtureContent } from '../support/content-copy.js';
import { createAgent } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const PUBLIC = 'public, max-age=60, stale-while-revalidate=600';
const LATEST_KB = '/api/aggregator/latestKB';
const PROTECTED = '/api/zendesk/articles/license-activation-customer-id';

/**
 * The public answers that are the same for every visitor until the next content load are
 * computed once per load and served from memory with a strong ETag.
 */
describe('public answers kept until the next content load', () => {
  let t: TestApp;
  let content: Awaited<ReturnType<typeof copyFixtureContent>>;
  let agent: Browser;

  beforeAll(async () => {
    content = await copyFixtureContent();
    t = await createTestApp({ contentDir: content.dir, accounts: false });
    const staff = await createAgent(t.app);
    agent = await signInWithPassword(t.app, staff.email, staff.password);
  });
  afterAll(async () => {
    await t?.close();
    await content?.remove();
  });

  it('latestKB: a strong ETag, 304 to it, public caching, and the same JSON in brotli', async () => {
    const first = await t.app.inject({ method: 'GET', url: LATEST_KB });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe(PUBLIC);
    expect(first.headers.vary).toBe('Accept-Encoding, Cookie');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(latestKbResponseSchema.parse(first.json()).zendesk.articles).toHaveLength(6);

    const again = await t.app.inject({ method: 'GET', url: LATEST_KB, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const br = await t.app.inject({ method: 'GET', url: LATEST_KB, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(first.body);
    // A signed-in visitor gets the same public card.
    expect((await get(agent, LATEST_KB)).headers.etag).toBe(etag);
  });

  it('latestKB changes with the content: the same answer until the load, the new one after it', async () => {
    const before = latestKbResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: LATEST_KB })).json(),
    );
    const title = before.zendesk.articles[0]?.title ?? '';
    const file = await articleFile(content.dir, title);
    const original = await readFile(file, 'utf8');
    await writeFile(file, original.replace(title, `${title}, revised`));
    try {
      await loadContent({ db: t.app.db, dir: content.dir });
      const kept = await t.app.inject({ method: 'GET', url: LATEST_KB });
      expect(kept.json<typeof before>().zendesk.articles[0]?.title).toBe(title);
      // What the content watcher does after a load (main.ts).
      await t.app.contentLoaded();
      const after = await t.app.inject({ method: 'GET', url: LATEST_KB });
      expect(after.json<typeof before>().zendesk.articles[0]?.title).toBe(`${title}, revised`);
    } finally {
      await writeFile(file, original);
      await loadContent({ db: t.app.db, dir: content.dir });
      await t.app.contentLoaded();
    }
  });

  it("an article: the visitor's view is public, a signed-in reader's is private and holds the body", async () => {
    const visitor = await t.app.inject({ method: 'GET', url: PROTECTED });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBe(PUBLIC);
    expect(articleResponseSchema.parse(visitor.json()).article.body).toBeNull();

    const member = await get(agent, PROTECTED);
    expect(member.statusCode).toBe(200);
    expect(member.headers['cache-control']).toBe('private, no-cache');
    expect(member.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(articleResponseSchema.parse(member.json()).article.body).toContain('Customer ID');
    expect(member.headers.etag).not.toBe(visitor.headers.etag);
    // Each view answers 304 to its own validator only.
    const memberAgain = await get(agent, PROTECTED, { 'if-none-match': String(member.headers.etag) });
    expect(memberAgain.statusCode).toBe(304);
    const crossed = await t.app.inject({
      method: 'GET',
      url: PROTECTED,
      headers: { 'if-none-match': String(member.headers.etag) },
    });
    expect(crossed.statusCode).toBe(200);
    expect(articleResponseSchema.parse(crossed.json()).article.body).toBeNull();
  });

  it('an unknown article is a 404 JSON error, every time (a refusal is never kept)', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/api/zendesk/articles/no-such-article' });
      expect(res.statusCode).toBe(404);
      expect(res.headers.etag).toBeUndefined();
      expect(res.json()).toMatchObject({ error: 'Not Found' });
    }
  });
});
