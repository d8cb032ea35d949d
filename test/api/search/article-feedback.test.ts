import { readFile, writeFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import {
  articleResponseSchema,
  articleVoteResponseSchema,
  categoryOverviewSchema,
  searchAnalyticsSchema,
} from '../../../src/common/contracts/search.js';
import { articleVotes, kbArticles } from '../../../src/server/connectors/knowledge-base/builtin/schema.js';
import { VOTER_COOKIE } from '../../../src/server/plugins/sessions.js';
import { sha256Hex } from '../../../src/server/lib/tokens.js';
import { loadContent } from '../../../src/server/connectors/content-folder/load-content.js';
import { callerOf, refusal, type Caller } from '../../support/callers.js';
import { articleFile, copyFixtureContent } from '../../support/content-copy.js';
import { SAME_ORIGIN } from '../../support/http.js';
import { useTestApp } from '../../support/use-test-app.js';
import type { App } from '../../../src/server/app.js';

/**
 * What readers say about the Tech Hub's articles: "Was this article helpful?" (one vote per user or browser,
 * validated, rate limited, same-origin only, shown to admins in the search analytics) and the views that
 * order the most viewed lists (counted in memory, written in one statement per window).
 */

const ARTICLE = 'controller-upgrade-path';
const ARTICLE_TITLE = 'Controller and gateway upgrade path and best practices';

/** A browser: its own cookie jar (the voter cookie) and client address. */
interface VoterBrowser {
  cookie?: string;
  address: string;
  headers?: Record<string, string>;
}

function vote(
  app: App,
  browser: VoterBrowser,
  payload: unknown,
  article = ARTICLE,
  extraHeaders: Record<string, string> = SAME_ORIGIN,
): Promise<LightMyRequestResponse> {
  return app
    .inject({
      method: 'POST',
      url: apiPaths.knowledgeBase.articleVotes.href(article),
      remoteAddress: browser.address,
      headers: {
        ...extraHeaders,
        'content-type': 'application/json',
        ...(browser.cookie ? { cookie: browser.cookie } : {}),
        ...browser.headers,
      },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    })
    .then((res) => {
      const set = res.cookies.find((cookie) => cookie.name === VOTER_COOKIE);
      if (set) browser.cookie = `${VOTER_COOKIE}=${set.value}`;
      return res;
    });
}

const signedIn = (caller: Caller, address: string): VoterBrowser => ({ address, headers: caller.headers });

async function articleId(app: App, slug = ARTICLE): Promise<number> {
  const [row] = await app.db.select({ id: kbArticles.id }).from(kbArticles).where(eq(kbArticles.slug, slug));
  if (!row) throw new Error(`no article ${slug}`);
  return row.id;
}

async function votesOf(app: App, slug = ARTICLE) {
  return app.db
    .select({ voter: articleVotes.voter, helpful: articleVotes.helpful })
    .from(articleVotes)
    .where(eq(articleVotes.articleId, await articleId(app, slug)));
}

describe('POST /api/zendesk/articles/:id/votes', () => {
  const t = useTestApp();
  let admin: Caller;
  let customer: Caller;
  beforeAll(async () => {
    admin = await callerOf(t.app, 'admin');
    customer = await callerOf(t.app, 'customer');
  });

  it('bad input is a 400 with a JSON message, and nothing is stored', async () => {
    const browser: VoterBrowser = { address: '10.1.0.1' };
    for (const payload of [
      {},
      { helpful: 'yes' },
      { helpful: 1 },
      { helpful: true, extra: 1 },
      'not json',
      '[]',
    ]) {
      const res = await vote(t.app, browser, payload);
      expect(refusal(res, 400), JSON.stringify(payload)).toBeTruthy();
    }
    // An address that is no article id or slug.
    expect(refusal(await vote(t.app, browser, { helpful: true }, 'Not A Slug!'), 400)).toMatch(/id/);
    expect(await votesOf(t.app)).toEqual([]);
    // A refused vote gives the browser no voter cookie.
    expect(browser.cookie).toBeUndefined();
  });

  it('an unknown article is a 404 with a JSON message (by slug and by id)', async () => {
    const browser: VoterBrowser = { address: '10.1.0.2' };
    expect(refusal(await vote(t.app, browser, { helpful: true }, 'no-such-article'), 404)).toBe(
      'No such article.',
    );
    expect(refusal(await vote(t.app, browser, { helpful: false }, '999999'), 404)).toBe('No such article.');
    expect(refusal(await vote(t.app, browser, { helpful: false }, '99999999999'), 404)).toBe(
      'No such article.',
    );
    expect(browser.cookie).toBeUndefined();
  });

  it('one vote per browser: the first vote sets an HttpOnly voter cookie, a second vote replaces the first', async () => {
    const first: VoterBrowser = { address: '10.1.0.3' };
    const res = await vote(t.app, first, { helpful: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(articleVoteResponseSchema.parse(res.json())).toEqual({ helpful: true });
    const cookie = res.cookies.find((set) => set.name === VOTER_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBeGreaterThan(300 * 24 * 3600);
    expect(await votesOf(t.app)).toEqual([
      { voter: `browser:${sha256Hex(cookie?.value ?? '')}`, helpful: true },
    ]);

    // The same browser again, by id this time: still one vote, now 'not helpful'; no new cookie.
    const again = await vote(t.app, first, { helpful: false }, String(await articleId(t.app)));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.cookies.find((set) => set.name === VOTER_COOKIE)).toBeUndefined();
    expect(await votesOf(t.app)).toEqual([
      { voter: `browser:${sha256Hex(cookie?.value ?? '')}`, helpful: false },
    ]);

    // Another browser from the same office adds its own.
    const second: VoterBrowser = { address: '10.1.0.3' };
    expect((await vote(t.app, second, { helpful: true })).statusCode).toBe(200);
    expect(await votesOf(t.app)).toHaveLength(2);
  });

  it('a signed-in user votes once as the user, from any browser; no voter cookie is set', async () => {
    const slug = 'firewall-insertion-firenet';
    const office = signedIn(customer, '10.1.0.4');
    const res = await vote(t.app, office, { helpful: false }, slug);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.find((set) => set.name === VOTER_COOKIE)).toBeUndefined();
    // The same user on a phone, from another address: the vote is replaced, not added.
    expect((await vote(t.app, signedIn(customer, '10.1.0.5'), { helpful: true }, slug)).statusCode).toBe(200);
    expect(await votesOf(t.app, slug)).toEqual([{ voter: `user:${customer.id}`, helpful: true }]);
  });

  it("admins see helpful and not helpful per article beside the search analytics; others don't", async () => {
    const slug = 'egress-fqdn-filtering';
    for (const [address, helpful] of [
      ['10.1.1.1', true],
      ['10.1.1.2', true],
      ['10.1.1.3', false],
    ] as const) {
      expect((await vote(t.app, { address }, { helpful }, slug)).statusCode).toBe(200);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: apiPaths.admin.searchAnalytics,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { articleVotes: votes } = searchAnalyticsSchema.parse(res.json());
    expect(votes.find((row) => row.html_url === `/docs?article=${slug}`)).toMatchObject({
      title: 'Controlling internet egress with FQDN filtering',
      helpful: 2,
      notHelpful: 1,
    });
    expect(votes.find((row) => row.html_url === `/docs?article=${ARTICLE}`)).toMatchObject({
      title: ARTICLE_TITLE,
      helpful: 1,
      notHelpful: 1,
    });
    // A period before any vote has none.
    const before = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.admin.searchAnalytics}?from=2020-01-01&to=2020-01-31`,
      headers: admin.headers,
    });
    expect(searchAnalyticsSchema.parse(before.json()).articleVotes).toEqual([]);
    const refused = await t.app.inject({
      method: 'GET',
      url: apiPaths.admin.searchAnalytics,
      headers: customer.headers,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('a cross-origin vote is refused with a JSON 403 before anything is stored', async () => {
    const slug = 'edge-zero-touch-provisioning';
    const browser: VoterBrowser = { address: '10.1.2.1' };
    const evil = await vote(t.app, browser, { helpful: false }, slug, { origin: 'https://evil.example' });
    expect(refusal(evil, 403)).toBe('Cross-site requests are not accepted.');
    const crossSite = await vote(t.app, browser, { helpful: false }, slug, {
      'sec-fetch-site': 'cross-site',
    });
    expect(refusal(crossSite, 403)).toBe('Cross-site requests are not accepted.');
    // Neither Origin nor Sec-Fetch-Site: not a page of ours either.
    expect(refusal(await vote(t.app, browser, { helpful: false }, slug, {}), 403)).toMatch(/Cross-site/);
    // Signed in changes nothing.
    const user = signedIn(customer, '10.1.2.2');
    expect(
      refusal(await vote(t.app, user, { helpful: false }, slug, { origin: 'https://evil.example' }), 403),
    ).toBe('Cross-site requests are not accepted.');
    expect(await votesOf(t.app, slug)).toEqual([]);
    expect(browser.cookie).toBeUndefined();
  });
});

describe('votes are rate limited', () => {
  const t = useTestApp({ env: { RATE_LIMIT_ARTICLE_VOTES_PER_MINUTE: '3' } });

  it('a visitor: the 4th vote a minute from one address is a 429 with Retry-After, whatever its cookies', async () => {
    // Three browsers without cookies (a script dropping its cookie each time) from one address.
    for (let n = 0; n < 3; n += 1) {
      expect((await vote(t.app, { address: '10.2.0.1' }, { helpful: true })).statusCode).toBe(200);
    }
    const limited = await vote(t.app, { address: '10.2.0.1' }, { helpful: true });
    expect(refusal(limited, 429)).toMatch(
      /^You have answered 'Was this article helpful\?' 3 times in the last minute\. Please wait \d+ (seconds?|minute) before answering again\.$/,
    );
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await votesOf(t.app)).toHaveLength(3);
    // Another address has a count of its own.
    expect((await vote(t.app, { address: '10.2.0.2' }, { helpful: true })).statusCode).toBe(200);
  });

  it('a signed-in user is counted as the user, from any address', async () => {
    const customer = await callerOf(t.app, 'customer');
    const statuses: number[] = [];
    for (let n = 0; n < 4; n += 1) {
      const res = await vote(
        t.app,
        signedIn(customer, `10.2.1.${n}`),
        { helpful: n % 2 === 0 },
        'egress-fqdn-filtering',
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('article views and the Tech Hub overview', () => {
  const t = useTestApp();

  const view = (id: string, address: string, headers: Record<string, string> = SAME_ORIGIN) =>
    t.app.inject({
      method: 'POST',
      url: apiPaths.knowledgeBase.articleViews.href(id),
      remoteAddress: address,
      headers,
    });
  const viewCount = async (slug: string) => {
    const [row] = await t.app.db
      .select({ n: kbArticles.viewCount })
      .from(kbArticles)
      .where(eq(kbArticles.slug, slug));
    return row?.n;
  };

  it('reading an article counts it: once per address and window, written in one go, by id or slug', async () => {
    const before = await viewCount(ARTICLE);
    const id = String(await articleId(t.app));
    for (const address of ['10.3.0.1', '10.3.0.1', '10.3.0.2', '10.3.0.3']) {
      expect((await view(id, address)).statusCode).toBe(204);
    }
    expect((await view(ARTICLE, '10.3.0.4')).statusCode).toBe(204);
    // Nothing is written per view: the counts wait for the window's one statement.
    expect(await viewCount(ARTICLE)).toBe(before);
    await t.app.knowledge.views.flush();
    expect(await viewCount(ARTICLE)).toBe((before ?? 0) + 4);
    // A new window counts the same reader again.
    expect((await view(id, '10.3.0.1')).statusCode).toBe(204);
    await t.app.knowledge.views.flush();
    expect(await viewCount(ARTICLE)).toBe((before ?? 0) + 5);
  });

  it('an article that does not exist counts nowhere; a bad id is a 400; a cross-origin view a 403', async () => {
    const [total] = await t.app.db.select({ views: kbArticles.viewCount }).from(kbArticles).limit(1);
    expect((await view('no-such-article', '10.3.1.1')).statusCode).toBe(204);
    expect((await view('99999999999', '10.3.1.1')).statusCode).toBe(204);
    await t.app.knowledge.views.flush();
    expect(refusal(await view('Not A Slug!', '10.3.1.1'), 400)).toMatch(/id/);
    expect(refusal(await view(ARTICLE, '10.3.1.1', { origin: 'https://evil.example' }), 403)).toMatch(
      /Cross-site/,
    );
    const [after] = await t.app.db.select({ views: kbArticles.viewCount }).from(kbArticles).limit(1);
    expect(after).toEqual(total);
  });

  it('the overview: each section with its article count, the most viewed and the most recent articles', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.knowledgeBase.categoryOverview}?categoryId=tech-hub`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const overview = categoryOverviewSchema.parse(res.json());
    expect(overview.category).toMatchObject({ slug: 'tech-hub', name: 'Tech Hub' });
    const security = overview.sections.find((section) => section.name === 'Security');
    expect(security).toMatchObject({ slug: 'security', articleCount: 2 });
    const articles = await t.app.db
      .select({ title: kbArticles.title, views: kbArticles.viewCount, updated: kbArticles.updatedAt })
      .from(kbArticles)
      .where(and(eq(kbArticles.section, 'Security')));
    expect(articles).toHaveLength(2);
    expect(overview.sections.reduce((sum, section) => sum + section.articleCount, 0)).toBe(10);
    const views = overview.mostViewed.map((article) => article.title);
    expect(views).toHaveLength(5);
    const recent = overview.recentlyUpdated.map((article) => article.updated_at);
    expect(recent).toEqual([...recent].sort().reverse());
    for (const article of [...overview.mostViewed, ...overview.recentlyUpdated]) {
      expect(overview.sections.map((section) => section.slug)).toContain(article.section_slug);
    }
    // An unknown category is a 404.
    const missing = await t.app.inject({
      method: 'GET',
      url: `${apiPaths.knowledgeBase.categoryOverview}?categoryId=no-such-category`,
    });
    expect(refusal(missing, 404)).toBeTruthy();
  });

  it("an article's answer names its section's slug and its related articles, the most read first", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: apiPaths.knowledgeBase.article.href('egress-fqdn-filtering'),
    });
    const { article } = articleResponseSchema.parse(res.json());
    expect(article.section_slug).toBe('security');
    expect(article.related).toEqual([
      {
        id: expect.any(Number) as number,
        title: 'Inserting a next-generation firewall with FireNet',
        html_url: '/docs?article=firewall-insertion-firenet',
      },
    ]);
  });
});

describe('a content load keeps the view counts readers added', () => {
  const t = useTestApp({ seed: false });

  it('an edited article file does not set its count back to the front matter', async () => {
    const content = await copyFixtureContent();
    try {
      await loadContent({ db: t.app.db, dir: content.dir });
      const [row] = await t.app.db
        .select({ views: kbArticles.viewCount })
        .from(kbArticles)
        .where(eq(kbArticles.slug, ARTICLE));
      const start = row?.views ?? 0;
      t.app.knowledge.views.record(ARTICLE, '10.4.0.1');
      t.app.knowledge.views.record(ARTICLE, '10.4.0.2');
      await t.app.knowledge.views.flush();

      const file = await articleFile(content.dir, ARTICLE_TITLE);
      await writeFile(file, `${await readFile(file, 'utf8')}\nOne more paragraph.\n`);
      await loadContent({ db: t.app.db, dir: content.dir });
      const [after] = await t.app.db
        .select({ views: kbArticles.viewCount, body: kbArticles.bodyText })
        .from(kbArticles)
        .where(eq(kbArticles.slug, ARTICLE));
      expect(after?.body).toContain('One more paragraph.');
      expect(after?.views).toBe(start + 2);
    } finally {
      await content.remove();
    }
  });
});
