import { beforeAll, describe, expect, it } from 'vitest';
import { latestKbResponseSchema, type LatestKbResponse } from '../../../src/common/contracts/latest-kb.js';
import { SIGN_IN_TO_READ } from '../../../src/common/contracts/search.js';
import { ELLIPSIS } from '../../../src/common/snippet.js';
import { readContent } from '../../../src/server/connectors/content-folder/read-content.js';
import { FIXTURE_CONTENT_DIR, type TestApp } from '../../support/test-app.js';
import { useTestApp } from '../../support/use-test-app.js';

async function getLatestKb(t: TestApp): Promise<LatestKbResponse> {
  const res = await t.app.inject({ method: 'GET', url: '/api/aggregator/latestKB' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return latestKbResponseSchema.parse(res.json());
}

describe('GET /api/aggregator/latestKB from the loaded content', () => {
  const t = useTestApp();
  let kb: Awaited<ReturnType<typeof readContent>>['kb'];
  beforeAll(async () => {
    kb = (await readContent(FIXTURE_CONTENT_DIR)).kb;
  });

  it('answers the contract shape: 6 latest articles and 5 most popular links', async () => {
    const body = await getLatestKb(t);
    expect(body.zendesk.articles).toHaveLength(6);
    expect(body.mostPopular).toHaveLength(5);
  });

  it('orders articles by the updated date of their files, newest first', async () => {
    const body = await getLatestKb(t);
    const expected = [...kb]
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
      .slice(0, 6)
      .map((a) => ({
        title: a.title,
        updated_at: a.updatedAt.toISOString(),
        html_url: `/docs?article=${a.slug}`,
      }));
    expect(
      body.zendesk.articles.map(({ title, updated_at, html_url }) => ({ title, updated_at, html_url })),
    ).toEqual(expected);
  });

  it('lists the most viewed articles as name and link', async () => {
    const body = await getLatestKb(t);
    const expected = [...kb]
      .sort((a, b) => b.viewCount - a.viewCount)
      .slice(0, 5)
      .map((a) => ({ name: a.title, link: `/docs?article=${a.slug}` }));
    expect(body.mostPopular).toEqual(expected);
  });

  it('gives plain-text snippets cut at 200 characters; a protected article shows no text', async () => {
    const body = await getLatestKb(t);
    for (const article of body.zendesk.articles) {
      if (article.title === 'Activating your license with the Customer ID') {
        expect(article.snippet).toBe(SIGN_IN_TO_READ);
        continue;
      }
      expect(article.snippet).not.toMatch(/[<>]\w|&gt;|&amp;/);
      expect(article.snippet.endsWith(ELLIPSIS)).toBe(true);
      expect(article.snippet.length - ELLIPSIS.length).toBeLessThanOrEqual(200);
      expect(article.snippet.length - ELLIPSIS.length).toBeGreaterThan(150);
    }
    expect(
      body.zendesk.articles[0]?.snippet.startsWith(
        'Upgrade the controller one major.minor release at a time',
      ),
    ).toBe(true);
  });
});

describe('GET /api/aggregator/latestKB on an empty knowledge base', () => {
  const t = useTestApp({ seed: false });

  it('answers empty lists, not an error', async () => {
    expect(await getLatestKb(t)).toEqual({ zendesk: { articles: [] }, mostPopular: [] });
  });
});
