import { beforeAll, describe, expect, it } from 'vitest';
import {
  articleDetailsSchema,
  articleResponseSchema,
  categorySearchResponseSchema,
  SIGN_IN_TO_READ,
} from '../../../src/common/contracts/search.js';
import { get, signInWithPassword, type Browser } from '../../support/auth-flow.js';
import { createAgent } from '../../support/factories.js';
import { anonymous } from '../../support/search.js';
import { useTestApp } from '../../support/use-test-app.js';

describe('knowledge base calls of /docs', () => {
  const t = useTestApp();
  let visitor: Browser;
  let agent: Browser;
  beforeAll(async () => {
    visitor = anonymous(t.app);
    const staff = await createAgent(t.app);
    agent = await signInWithPassword(t.app, staff.email, staff.password);
  });

  async function details(browser: Browser, categoryId: string) {
    const res = await get(browser, `/api/zendesk/getArticleDetails?categoryId=${categoryId}`);
    expect(res.statusCode, res.body).toBe(200);
    return articleDetailsSchema.parse(res.json());
  }

  it('getArticleDetails: sections of the Tech Hub and their articles, by slug or id', async () => {
    const body = await details(visitor, 'tech-hub');
    expect(body.category).toMatchObject({ slug: 'tech-hub', name: 'Tech Hub' });
    expect(body.section.sections.map((section) => section.name)).toEqual([
      'CoPilot',
      'Connectivity',
      'Edge',
      'Licensing',
      'Security',
      'Transit Networking',
      'Upgrades',
      'VPN Client',
    ]);
    expect(Object.keys(body.articleMap).sort()).toEqual(
      body.section.sections.map((s) => String(s.id)).sort(),
    );
    for (const [sectionId, articles] of Object.entries(body.articleMap)) {
      for (const article of articles) expect(article.section_id).toBe(Number(sectionId));
    }
    const security = body.section.sections.find((section) => section.name === 'Security');
    expect(body.articleMap[String(security?.id)]?.map((article) => article.title)).toEqual([
      'Controlling internet egress with FQDN filtering',
      'Inserting a next-generation firewall with FireNet',
    ]);
    expect(await details(visitor, String(body.category.id))).toEqual(body);
  });

  it('a protected article has no body for visitors, its body for signed-in users', async () => {
    const find = (body: Awaited<ReturnType<typeof details>>) =>
      Object.values(body.articleMap)
        .flat()
        .find((article) => article.title === 'Activating your license with the Customer ID');
    const locked = find(await details(visitor, 'tech-hub'));
    expect(locked).toMatchObject({ body: '', snippet: SIGN_IN_TO_READ });
    expect(locked?.user_segment_id).not.toBeNull();
    const open = find(await details(agent, 'tech-hub'));
    expect(open?.body).toContain('<strong>Settings &gt; Controller &gt; License</strong>');
    expect(open?.snippet.startsWith('The controller is licensed with the Customer ID')).toBe(true);
  });

  it('unknown category: 404; malformed: 400', async () => {
    expect((await get(visitor, '/api/zendesk/getArticleDetails?categoryId=no-such')).statusCode).toBe(404);
    expect((await get(visitor, '/api/zendesk/getArticleDetails?categoryId=9999')).statusCode).toBe(404);
    expect((await get(visitor, '/api/zendesk/getArticleDetails?categoryId=../x')).statusCode).toBe(400);
    expect((await get(visitor, '/api/zendesk/getArticleDetails')).statusCode).toBe(400);
  });

  it('searchArticlesByCategory searches one category only', async () => {
    const inCategory = async (categoryId: string, query: string) => {
      const res = await get(
        visitor,
        `/api/zendesk/searchArticlesByCategory?categoryId=${categoryId}&searchValue=${encodeURIComponent(query)}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return categorySearchResponseSchema.parse(res.json()).articles;
    };
    const gettingStarted = await inCategory('getting-started', 'overlay');
    expect(gettingStarted.results.map((result) => result.title).sort()).toEqual([
      'Geneve overlay basics',
      'Overlay MTU tuning',
    ]);
    expect(gettingStarted.count).toBe(2);
    const techHub = await inCategory('tech-hub', 'overlay');
    expect(techHub).toEqual({ results: [], count: 0 });
    const gateways = await inCategory('tech-hub', 'gateway');
    expect(gateways.count).toBeGreaterThan(2);
    expect(gateways.results[0]?.snippet).toContain('<mark>');
    const missing = await get(visitor, '/api/zendesk/searchArticlesByCategory?categoryId=tech-hub');
    expect(missing.statusCode).toBe(400);
  });

  it('articles/:id gives one article by slug or id; raw HTML in content is escaped', async () => {
    const res = await get(visitor, '/api/zendesk/articles/geneve-overlay-basics');
    expect(res.statusCode).toBe(200);
    const { article } = articleResponseSchema.parse(res.json());
    expect(article.title).toBe('Geneve overlay basics');
    expect(article.body).toContain('&lt;script&gt;');
    expect(article.body).not.toContain('<script');
    const byId = await get(visitor, `/api/zendesk/articles/${article.id}`);
    expect(articleResponseSchema.parse(byId.json())).toEqual({ article });
    const locked = await get(visitor, '/api/zendesk/articles/license-activation-customer-id');
    expect(articleResponseSchema.parse(locked.json()).article.body).toBeNull();
    const unlocked = await get(agent, '/api/zendesk/articles/license-activation-customer-id');
    expect(articleResponseSchema.parse(unlocked.json()).article.body).toContain('Customer ID');
    expect((await get(visitor, '/api/zendesk/articles/no-such-article')).statusCode).toBe(404);
  });
});
