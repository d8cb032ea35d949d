import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeedDocsPage, FeedPass } from '../../../src/server/connectors/content-feed.js';
import {
  createGitbookDocsFeed,
  type GitbookDocsFeedOptions,
} from '../../../src/server/connectors/docs/gitbook/feed.js';
import type { VendorLog } from '../../../src/server/connectors/vendor-http.js';
import { startGitbookFake, type GitbookFake } from '../../fakes/gitbook/index.js';

/** The GitBook docs feed against the GitBook fake (port 0), one fresh fake per test. */
interface LogLine {
  level: 'info' | 'warn' | 'error';
  fields: object;
  message: string;
}

let gitbook: GitbookFake;
let lines: LogLine[];
const log: VendorLog = {
  info: (fields, message) => lines.push({ level: 'info', fields, message }),
  warn: (fields, message) => lines.push({ level: 'warn', fields, message }),
  error: (fields, message) => lines.push({ level: 'error', fields, message }),
};

beforeEach(async () => {
  gitbook = await startGitbookFake();
  lines = [];
});
afterEach(async () => {
  await gitbook.stop();
});

function feedOf(overrides: Partial<GitbookDocsFeedOptions> = {}) {
  return createGitbookDocsFeed({
    apiUrl: gitbook.url,
    token: gitbook.token,
    organizationId: gitbook.organizationId,
    siteId: gitbook.siteId,
    siteUrl: gitbook.siteUrl,
    log,
    ...overrides,
  });
}

const pass = (feed: ReturnType<typeof feedOf>, cursor?: string) =>
  feed.pass({ cursor, full: false, signal: AbortSignal.timeout(20_000) });

const byId = (result: FeedPass<FeedDocsPage>) => new Map(result.items.map((item) => [item.externalId, item]));

const PUBLISHED = [
  'sitesp_platform:page_intro',
  'sitesp_platform:page_quickstart',
  'sitesp_platform:page_install',
  'sitesp_platform:page_upgrade',
  'sitesp_platform:page_legacy',
  'sitesp_controller:page_tgw',
  'sitesp_controller:page_tgw_peering',
  'sitesp_controller:page_firenet',
];

describe('GitBook docs feed', () => {
  it('follows next.page through the site-spaces and reads only the three documented operations', async () => {
    const result = await pass(feedOf({ siteSpacesPageSize: 1 }));
    const listings = gitbook.log.filter((entry) => entry.outcome.operation === 'listSiteSpaces');
    expect(listings).toHaveLength(2);
    expect(listings[0]?.query).toEqual({ limit: '1' });
    expect(listings[1]?.query.page).toEqual(expect.any(String));
    expect(result.items.some((item) => item.path.startsWith('/controller/'))).toBe(true);
    expect(gitbook.log.every((entry) => entry.outcome.operation !== undefined)).toBe(true);
    expect(gitbook.log.some((entry) => entry.path.includes('search'))).toBe(false);
  });

  it('hands over the published documents, skipping a group, a link and a noIndex page, keeping a hidden one', async () => {
    const result = await pass(feedOf());
    expect(result.complete).toBe(true);
    expect(result.unchanged).toEqual([]);
    expect(result.items.map((item) => item.externalId).sort()).toEqual([...PUBLISHED].sort());
    const items = byId(result);
    expect(items.get('sitesp_controller:page_tgw_peering')).toMatchObject({
      title: 'Peering',
      domain: 'docs.acme.example',
      path: '/controller/transit-gateways/peering',
      markdown: '# Peering\n\nPeer two transit gateways.\n',
    });
    expect(items.get('sitesp_platform:page_quickstart')?.path).toBe('/introduction/quickstart');
    expect(items.get('sitesp_platform:page_legacy')?.path).toBe('/guides/legacy-setup');
    for (const skipped of ['group_guides', 'link_status', 'page_internal']) {
      expect(gitbook.bodyFetches(skipped)).toBe(0);
    }
  });

  it('builds the published URL from the site URL, never the editor URL', async () => {
    const result = await pass(feedOf({ siteUrl: 'https://www.acme.example/docs/' }));
    const firenet = byId(result).get('sitesp_controller:page_firenet');
    expect(firenet?.domain).toBe('www.acme.example');
    expect(firenet?.path).toBe('/docs/controller/firenet');
    expect(JSON.stringify(result)).not.toContain('app.gitbook.com');
  });

  it('fetches on the second pass only the page whose updatedAt moved', async () => {
    const feed = feedOf();
    const first = await pass(feed);
    gitbook.editPage('page_tgw_peering', {
      markdown: '# Peering\n\nPeering now spans regions.\n',
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
    const fetchesBefore = new Map(PUBLISHED.map((id) => [id, gitbook.bodyFetches(id.split(':')[1] ?? '')]));

    const second = await pass(feed, first.cursor);
    expect(second.complete).toBe(true);
    expect(second.items.map((item) => item.externalId)).toEqual(['sitesp_controller:page_tgw_peering']);
    expect(second.items[0]?.markdown).toContain('spans regions');
    expect(second.items[0]?.updatedAt.toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(second.unchanged.sort()).toEqual(
      PUBLISHED.filter((id) => !id.endsWith('page_tgw_peering')).sort(),
    );
    for (const id of PUBLISHED) {
      const pageId = id.split(':')[1] ?? '';
      const expected = (fetchesBefore.get(id) ?? 0) + (pageId === 'page_tgw_peering' ? 1 : 0);
      expect(gitbook.bodyFetches(pageId)).toBe(expected);
    }
  });

  it('leaves out a draft site-space and refetches the pages of a site-space that moved', async () => {
    const feed = feedOf();
    const first = await pass(feed);
    gitbook.editSiteSpace('sitesp_controller', { path: 'network-controller' });
    const moved = await pass(feed, first.cursor);
    expect(moved.items.map((item) => item.path).sort()).toEqual([
      '/network-controller/firenet',
      '/network-controller/transit-gateways',
      '/network-controller/transit-gateways/peering',
    ]);
    expect(moved.unchanged).toHaveLength(5);

    gitbook.editSiteSpace('sitesp_controller', { draft: true });
    const drafted = await pass(feed, moved.cursor);
    expect(drafted.complete).toBe(true);
    expect(drafted.items).toEqual([]);
    expect(drafted.unchanged.every((id) => id.startsWith('sitesp_platform:'))).toBe(true);
    expect(drafted.unchanged).toHaveLength(5);
  });

  it('waits for X-RateLimit-Reset once X-RateLimit-Remaining reaches 0, and never meets a 429', async () => {
    gitbook.setRateLimit({ limit: 4, windowMs: 1000 });
    const result = await pass(feedOf());
    expect(result.items).toHaveLength(PUBLISHED.length);
    expect(gitbook.log.filter((entry) => entry.status === 429)).toEqual([]);
    expect(
      lines.filter((line) => line.message.includes('waiting for its reset')).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('stops waiting for a reset when the pass is aborted', async () => {
    gitbook.setRateLimit({ limit: 1, windowMs: 60_000 });
    const started = Date.now();
    const aborted = feedOf().pass({ cursor: undefined, full: true, signal: AbortSignal.timeout(300) });
    await expect(aborted).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(gitbook.log).toHaveLength(1);
  });

  it('waits after a 429 for the X-RateLimit-Reset it carries, then goes on', async () => {
    gitbook.setRateLimit({ limit: 1, windowMs: 1500 });
    // Another client of the same token used the window up.
    const other = await fetch(`${gitbook.url}/v1/spaces/space_controller/content/pages`, {
      headers: { authorization: `Bearer ${gitbook.token}` },
    });
    const resetMs = Number(other.headers.get('x-ratelimit-reset')) * 1000;

    const running = pass(feedOf());
    // Once the feed met its 429, the window grows so that the rest of the pass goes on undelayed.
    while (!gitbook.log.some((entry) => entry.status === 429)) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    gitbook.setRateLimit({ limit: 1000, windowMs: 60_000 });
    const result = await running;

    expect(result.items).toHaveLength(PUBLISHED.length);
    const refused = gitbook.log.findIndex((entry) => entry.status === 429);
    const retry = gitbook.log[refused + 1];
    expect(retry?.outcome.operation).toBe('listSiteSpaces');
    expect(retry?.at).toBeGreaterThanOrEqual(resetMs);
  });

  it('fails on a refused token with an error and a log line that name GITBOOK_API_TOKEN, not the token', async () => {
    const wrong = 'gb_api_not_the_right_one';
    await expect(pass(feedOf({ token: wrong }))).rejects.toThrow(/GITBOOK_API_TOKEN/);
    const refusal = lines.find((line) => line.level === 'error');
    expect(refusal?.message).toContain('GITBOOK_API_TOKEN');
    expect(JSON.stringify(lines)).not.toContain(wrong);
    expect(gitbook.log.map((entry) => entry.status)).toEqual([401]);
  });
});
