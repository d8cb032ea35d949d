import type { ArticleDetails } from '../../src/common/contracts/search.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchUrl } from '../support/search.js';
import { createSourceBuild, dehydratedKeys, inHtml, portalState } from '../support/rendered-pages.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** Whether the HTML has a `<tag>` with every one of `attributes` (as written, values escaped), in any order. */
function hasTag(html: string, tag: string, attributes: Record<string, string>): boolean {
  const tags = html.match(new RegExp(`<${tag}\\s[^>]*>`, 'g')) ?? [];
  return tags.some((found) =>
    Object.entries(attributes).every(([name, value]) => found.includes(` ${name}="${value}"`)),
  );
}

/**
 * Hardening item 10: `/search?q=` and the `/docs` search answer with their results in the first HTML, so the
 * GET forms work without JavaScript. These render through the web app's own SSR entry (not a fixture bundle):
 * the build folder's `server/entry-server.js` re-exports it from the sources, which Vitest compiles.
 */
describe('server-rendered search pages', () => {
  let t: TestApp;
  let build: Awaited<ReturnType<typeof createSourceBuild>>;

  beforeAll(async () => {
    build = await createSourceBuild();
    t = await createTestApp({ distDir: build.dir });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await build?.remove();
  });

  async function page(url: string): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    return res.body;
  }

  async function apiSearch(q: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: searchUrl(q),
      headers: { origin: 'http://localhost' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ zendesk: { count: number; results: Array<{ title: string }> } }>();
  }

  it("a page's state holds the queries and the user; the config comes once, in the file the page names", async () => {
    const html = await page('/search?q=gateway');
    expect(Object.keys(portalState<object>(html)).sort()).toEqual(['queries', 'user']);
    expect(html).toMatch(
      /<link rel="preload" as="fetch" crossorigin id="portal-config" href="\/portal-config\/[\w-]+\.json">/,
    );
    // The config's own words (the trust center's address) are in the file, not in the page.
    expect(html).not.toContain(t.config.links.trust);
  });

  it('GET /search?q= holds the results, the source chips and the pagination links', async () => {
    const api = await apiSearch('gateway');
    expect(api.zendesk.count).toBeGreaterThan(10);
    const html = await page('/search?q=gateway');

    expect(hasTag(html, 'ul', { 'aria-label': 'Knowledge Base results' })).toBe(true);
    for (const result of api.zendesk.results) expect(html).toContain(inHtml(result.title));
    expect(html).toContain('<mark>');
    expect(hasTag(html, 'div', { role: 'radiogroup', 'aria-label': 'Result sources' })).toBe(true);
    // React separates adjacent text with empty comments.
    expect(html.replace(/<!-- -->/g, '')).toMatch(/Knowledge Base \(\d+\)/);
    expect(hasTag(html, 'nav', { 'aria-label': 'Pagination' })).toBe(true);
    expect(
      hasTag(html, 'a', { 'aria-label': 'Page 2', href: '/search?q=gateway&amp;chip=zendesk&amp;page=2' }),
    ).toBe(true);
    expect(html).not.toContain('Searching…');
    // Dehydrated for the browser, under the key it reads as a visitor: it does not search again.
    expect(dehydratedKeys(html)).toContainEqual(['search', 'all', 'anonymous', 'gateway', '', false]);
  });

  it('GET /search?q=&chip=&page=2 holds the second page of that source', async () => {
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/zendesk/searchPagedKb?searchValue=gateway&page=2',
    });
    expect(second.statusCode).toBe(200);
    const titles = second.json<{ results: Array<{ title: string }> }>().results.map((result) => result.title);
    expect(titles.length).toBeGreaterThan(0);

    const html = await page('/search?q=gateway&chip=zendesk&page=2');
    for (const title of titles) expect(html).toContain(inHtml(title));
    expect(hasTag(html, 'a', { 'aria-label': 'Page 2', 'aria-current': 'page' })).toBe(true);
    expect(dehydratedKeys(html)).toContainEqual([
      'search',
      'page',
      'anonymous',
      'zendesk',
      'gateway',
      2,
      false,
    ]);
  });

  it('the form is a GET form with the names the page reads (q, sources), keeping the filter', async () => {
    const html = await page('/search?q=gateway&sources=zendesk,git');
    expect(hasTag(html, 'form', { role: 'search', method: 'get', action: '/search' })).toBe(true);
    expect(hasTag(html, 'input', { type: 'search', name: 'q', value: 'gateway' })).toBe(true);
    expect(hasTag(html, 'input', { type: 'hidden', name: 'sources', value: 'zendesk,git' })).toBe(true);
    expect(hasTag(html, 'input', { type: 'radio', value: 'forumbee' })).toBe(false);
  });

  it('GET /docs?q= holds the Tech Hub results', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/zendesk/searchArticlesByCategory?categoryId=tech-hub&searchValue=gateway',
    });
    const titles = res.json<{ articles: { results: Array<{ title: string }> } }>().articles.results;
    expect(titles.length).toBeGreaterThan(0);

    const html = await page('/docs?q=gateway');
    expect(hasTag(html, 'form', { role: 'search', method: 'get', action: '/docs' })).toBe(true);
    expect(hasTag(html, 'input', { type: 'search', name: 'q', value: 'gateway' })).toBe(true);
    expect(hasTag(html, 'ul', { 'aria-label': 'Search results' })).toBe(true);
    for (const { title } of titles) expect(html).toContain(inHtml(title));
    expect(dehydratedKeys(html)).toContainEqual(['docs', 'search', 'tech-hub', 'anonymous', 'gateway']);
  });

  it('GET /docs and /docs?article= hold the sidebar and the article: nothing moves once the page loads', async () => {
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/zendesk/getArticleDetails?categoryId=tech-hub',
    });
    const tree = details.json<ArticleDetails>();
    expect(tree.section.sections.length).toBeGreaterThan(0);
    const home = await page('/docs');
    for (const section of tree.section.sections) {
      expect(home).toContain(inHtml(section.name));
      for (const { title } of tree.articleMap[String(section.id)] ?? [])
        expect(home).toContain(inHtml(title));
    }
    expect(dehydratedKeys(home)).toContainEqual(['docs', 'details', 'tech-hub', 'anonymous']);
    // The sidebar shows titles: the dehydrated tree carries no article's body nor snippet (page weight).
    const state = portalState<{
      queries: { queries: Array<{ queryKey: unknown[]; state: { data: ArticleDetails } }> };
    }>(home);
    const sidebar = state.queries.queries.find((query) => query.queryKey[1] === 'details');
    const dehydrated = Object.values(sidebar?.state.data.articleMap ?? {}).flat();
    expect(dehydrated.length).toBe(Object.values(tree.articleMap).flat().length);
    expect(
      Object.values(tree.articleMap)
        .flat()
        .some((article) => article.snippet !== ''),
    ).toBe(true);
    for (const article of dehydrated) expect(article).toMatchObject({ body: '', snippet: '' });

    const article = await page('/docs?article=controller-upgrade-path');
    expect(article).toContain('Controller and gateway upgrade path and best practices');
    expect(dehydratedKeys(article)).toContainEqual([
      'docs',
      'article',
      'anonymous',
      'controller-upgrade-path',
    ]);
    // An article that does not exist is left to the browser (which shows its own message).
    expect(dehydratedKeys(await page('/docs?article=no-such-article'))).not.toContainEqual([
      'docs',
      'article',
      'anonymous',
      'no-such-article',
    ]);
  });

  it("an article's page lists its own section's articles, a search's none: the rest is fetched when opened", async () => {
    const tree = (
      await t.app.inject({ method: 'GET', url: '/api/zendesk/getArticleDetails?categoryId=tech-hub' })
    ).json<ArticleDetails>();
    const sidebarOf = (html: string) =>
      portalState<{
        queries: { queries: Array<{ queryKey: unknown[]; state: { data: ArticleDetails } }> };
      }>(html).queries.queries.find((query) => query.queryKey[1] === 'details')?.state.data;
    const own = Object.entries(tree.articleMap).find(([, articles]) =>
      articles.some((article) => article.html_url.endsWith('=controller-upgrade-path')),
    );
    expect(own, 'the test content has the article in a section').toBeDefined();
    const [ownSection, ownArticles] = own ?? ['', []];
    const others = Object.entries(tree.articleMap)
      .filter(([section]) => section !== ownSection)
      .flatMap(([, articles]) => articles);
    expect(others.length).toBeGreaterThan(0);

    // By slug and by id: the same section.
    const id = ownArticles.find((article) => article.html_url.endsWith('=controller-upgrade-path'))?.id;
    for (const address of ['/docs?article=controller-upgrade-path', `/docs?article=${id}`]) {
      const html = await page(address);
      expect(Object.keys(sidebarOf(html)?.articleMap ?? {})).toEqual([ownSection]);
      for (const { title } of ownArticles) expect(html).toContain(inHtml(title));
      for (const { title } of others) expect(html).not.toContain(`>${inHtml(title)}</a>`);
      // Every section is still a button, to be opened.
      for (const section of tree.section.sections) expect(html).toContain(inHtml(section.name));
    }

    const search = await page('/docs?q=gateway');
    expect(sidebarOf(search)?.articleMap).toEqual({});
    expect(sidebarOf(search)?.section).toEqual(tree.section);
    // An unknown article: no section is listed (the browser says the article does not exist).
    expect(sidebarOf(await page('/docs?article=no-such-article'))?.articleMap).toEqual({});
  });

  it('a query the API would refuse renders the page without results, for the browser to ask', async () => {
    const long = 'a'.repeat(201);
    const html = await page(`/search?q=${long}`);
    expect(dehydratedKeys(html)).toEqual([]);
    expect(html).toContain('Searching…');
  });

  it('the sign-in buttons are links to the page with its login modal', async () => {
    const html = await page('/docs?article=controller-upgrade-path');
    for (const kind of ['customer', 'agent'])
      expect(
        hasTag(html, 'a', {
          href: `/docs?article=controller-upgrade-path&amp;login=${kind}`,
          rel: 'nofollow',
        }),
      ).toBe(true);
  });
});
