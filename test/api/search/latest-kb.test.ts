import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestKbResponseSchema, type LatestKbResponse } from '../../src/common/contracts/latest-kb.js';
import { ELLIPSIS } from '../../src/common/snippet.js';
import { kbArticles } from '../../src/server/db/schema.js';
import { demoKbArticles } from '../../src/server/db/seed/kb-articles.js';
import { seedDemoData } from '../../src/server/db/seed/seed.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

async function getLatestKb(t: TestApp): Promise<LatestKbResponse> {
  const res = await t.app.inject({ method: 'GET', url: '/api/aggregator/latestKB' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return latestKbResponseSchema.parse(res.json());
}

describe('GET /api/aggregator/latestKB', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the contract shape: 6 latest articles and 5 most popular links', async () => {
    const body = await getLatestKb(t);
    expect(body.zendesk.articles).toHaveLength(6);
    expect(body.mostPopular).toHaveLength(5);
  });

  it('orders articles by updated_at, newest first, matching the seed', async () => {
    const body = await getLatestKb(t);
    const expected = [...demoKbArticles]
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .slice(0, 6)
      .map((a) => ({
        title: a.title,
        updated_at: new Date(a.updatedAt).toISOString(),
        html_url: `/docs?article=${a.slug}`,
      }));
    expect(
      body.zendesk.articles.map(({ title, updated_at, html_url }) => ({ title, updated_at, html_url })),
    ).toEqual(expected);
  });

  it('lists the most viewed articles as name and link', async () => {
    const body = await getLatestKb(t);
    const expected = [...demoKbArticles]
      .sort((a, b) => b.viewCount - a.viewCount)
      .slice(0, 5)
      .map((a) => ({ name: a.title, link: `/docs?article=${a.slug}` }));
    expect(body.mostPopular).toEqual(expected);
  });

  it('gives plain-text snippets cut at 200 characters with an ellipsis', async () => {
    const body = await getLatestKb(t);
    for (const article of body.zendesk.articles) {
      expect(article.snippet).not.toMatch(/[<>]\w|&gt;|&amp;/);
      expect(article.snippet.endsWith(ELLIPSIS)).toBe(true);
      expect(article.snippet.length - ELLIPSIS.length).toBeLessThanOrEqual(200);
      expect(article.snippet.length - ELLIPSIS.length).toBeGreaterThan(150);
    }
    const first = body.zendesk.articles[0];
    expect(first?.snippet.startsWith('Upgrade the controller one major.minor release at a time')).toBe(true);
  });

  it('seeding again inserts nothing and keeps one row per slug', async () => {
    const again = await seedDemoData(t.database.db);
    expect(again.kbArticlesInserted).toBe(0);
    const [row] = await t.database.db.select({ n: count() }).from(kbArticles);
    expect(row?.n).toBe(demoKbArticles.length);
    const body = await getLatestKb(t);
    expect(new Set(body.zendesk.articles.map((a) => a.id)).size).toBe(6);
  });

  it('seeding leaves edited articles alone', async () => {
    await t.database.db
      .update(kbArticles)
      .set({ title: 'Edited on the running portal', updatedAt: new Date('2030-01-01T00:00:00Z') })
      .where(eq(kbArticles.slug, 'egress-fqdn-filtering'));
    await seedDemoData(t.database.db);
    const body = await getLatestKb(t);
    expect(body.zendesk.articles[0]?.title).toBe('Edited on the running portal');
    expect(body.zendesk.articles[0]?.updated_at).toBe('2030-01-01T00:00:00.000Z');
  });
});

describe('GET /api/aggregator/latestKB on an empty knowledge base', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers empty lists, not an error', async () => {
    expect(await getLatestKb(t)).toEqual({ zendesk: { articles: [] }, mostPopular: [] });
  });
});
