import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGitbookFake, type GitbookFake } from './index';

let gitbook: GitbookFake;

beforeAll(async () => {
  gitbook = await startGitbookFake();
});
afterAll(async () => {
  await gitbook.stop();
});
beforeEach(() => {
  gitbook.setRateLimit({ limit: 60, windowMs: 60_000 });
  gitbook.log.length = 0;
});

async function get(path: string, token = gitbook.token) {
  const response = await fetch(`${gitbook.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { response, body: (await response.json()) as Record<string, unknown> };
}

const siteSpacesPath = () => `/v1/orgs/${gitbook.organizationId}/sites/${gitbook.siteId}/site-spaces`;

describe('GitBook fake', () => {
  it('pages the site-spaces with an opaque next.page token', async () => {
    const first = await get(`${siteSpacesPath()}?limit=1`);
    expect(first.response.status).toBe(200);
    const items = first.body.items as { id: string; path: string }[];
    expect(items.map((item) => item.id)).toEqual(['sitesp_platform']);
    const next = first.body.next as { page: string };
    expect(next.page).not.toMatch(/^\d+$/);

    const second = await get(`${siteSpacesPath()}?limit=1&page=${encodeURIComponent(next.page)}`);
    expect((second.body.items as { path: string }[]).map((item) => item.path)).toEqual(['controller']);
    expect(second.body.next).toBeUndefined();
    expect(gitbook.log.map((entry) => entry.outcome.operation)).toEqual(['listSiteSpaces', 'listSiteSpaces']);
  });

  it('answers a page tree with groups, links and nested documents', async () => {
    const { body } = await get('/v1/spaces/space_platform/content/pages');
    const pages = body.pages as { type: string; id: string; pages?: { type: string; id: string }[] }[];
    expect(pages.map((page) => page.type)).toEqual(['document', 'group']);
    expect(pages[1]?.pages?.map((page) => page.type)).toEqual(['document', 'link', 'document', 'document']);
    expect(pages[0]?.pages?.[0]?.id).toBe('page_quickstart');
  });

  it('answers a page as Markdown with format=markdown and counts the fetch', async () => {
    const { body } = await get('/v1/spaces/space_controller/content/page/page_tgw?format=markdown');
    expect(body.markdown).toContain('# Transit gateways');
    expect(body.path).toBe('transit-gateways');
    expect(gitbook.bodyFetches('page_tgw')).toBeGreaterThan(0);
    const plain = await get('/v1/spaces/space_controller/content/page/page_tgw');
    expect(plain.body.markdown).toBeUndefined();
  });

  it('changes a page between two reads', async () => {
    gitbook.editPage('page_firenet', {
      markdown: '# FireNet\n\nNew text.\n',
      updatedAt: '2026-11-02T08:00:00.000Z',
    });
    const { body } = await get('/v1/spaces/space_controller/content/page/page_firenet?format=markdown');
    expect(body.markdown).toBe('# FireNet\n\nNew text.\n');
    expect(body.updatedAt).toBe('2026-11-02T08:00:00.000Z');
  });

  it('refuses a wrong token with a 401 error body', async () => {
    const { response, body } = await get(siteSpacesPath(), 'gb_api_wrong');
    expect(response.status).toBe(401);
    expect(body).toEqual({ error: { code: 401, message: expect.any(String) } });
    expect(gitbook.log[0]?.outcome.auth).toBe('wrong');
  });

  it('sends the rate-limit headers on every answer and a 429 past the limit, without Retry-After', async () => {
    const frozen = Date.UTC(2026, 10, 27, 12, 0, 0);
    gitbook.clock.freeze(frozen);
    try {
      gitbook.setRateLimit({ limit: 2, windowMs: 30_000 });
      const first = await get(siteSpacesPath());
      expect(first.response.headers.get('x-ratelimit-limit')).toBe('2');
      expect(first.response.headers.get('x-ratelimit-remaining')).toBe('1');
      expect(first.response.headers.get('x-ratelimit-reset')).toBe(String((frozen + 30_000) / 1000));
      const unauthorised = await get(siteSpacesPath(), 'gb_api_wrong');
      expect(unauthorised.response.headers.get('x-ratelimit-remaining')).toBe('0');

      const refused = await get(siteSpacesPath());
      expect(refused.response.status).toBe(429);
      expect(refused.response.headers.get('retry-after')).toBeNull();
      expect(refused.body).toEqual({
        error: { code: 429, message: 'API rate limit exceeded. Please try again in 60 seconds' },
      });

      gitbook.clock.advance(30_000);
      const after = await get(siteSpacesPath());
      expect(after.response.status).toBe(200);
      expect(after.response.headers.get('x-ratelimit-remaining')).toBe('1');
    } finally {
      gitbook.clock.freeze(Date.now());
    }
  });
});
