import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeedArticle, FeedPass } from '../../../src/server/connectors/content-feed.js';
import {
  createZendeskKnowledgeBaseFeed,
  type ZendeskKnowledgeBaseFeedOptions,
} from '../../../src/server/connectors/knowledge-base/zendesk/feed.js';
import { VendorContractError, VendorError } from '../../../src/server/connectors/vendor-http.js';
import { createZendeskServiceToken } from '../../../src/server/connectors/zendesk/service-token.js';
import { startZendeskFake, ZENDESK_FIXTURE_IDS, type ZendeskFake } from '../../fakes/zendesk/index.js';

/** The Help Center feed against the Zendesk fake on port 0, on the fake's clock. */

const ids = ZENDESK_FIXTURE_IDS;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let fake: ZendeskFake;
beforeEach(async () => {
  fake = await startZendeskFake();
});
afterEach(async () => {
  await fake.stop();
});

function feedFor(overrides: Partial<ZendeskKnowledgeBaseFeedOptions> = {}) {
  return createZendeskKnowledgeBaseFeed({
    baseUrl: fake.url,
    clientId: fake.client.identifier,
    clientSecret: fake.client.secret,
    locale: 'en-us',
    log: quiet,
    now: () => fake.clock.now(),
    random: () => 0,
    ...overrides,
  });
}

const pass = (feed: ReturnType<typeof feedFor>, cursor?: string, full = false) =>
  feed.pass({ cursor, full, signal: new AbortController().signal });

const requests = (route: string) => fake.log.filter((entry) => entry.outcome.route === route);
const byId = (result: FeedPass<FeedArticle>) => new Map(result.items.map((item) => [item.externalId, item]));
const seconds = () => Math.floor(fake.clock.now() / 1000);

describe('a complete pass', () => {
  it('hands over every public and signed-in article, and nothing a draft or a narrow segment holds', async () => {
    const startedAt = seconds();
    const result = await pass(feedFor());
    expect(result.complete).toBe(true);
    expect(result.removed).toEqual([]);
    expect(Number(result.cursor)).toBeGreaterThanOrEqual(startedAt);
    expect(Number(result.cursor)).toBeLessThanOrEqual(seconds());

    const items = byId(result);
    // 130 public articles (the image's among them) and the signed-in one.
    expect(items.size).toBe(131);
    expect(items.has(String(ids.articleDraft))).toBe(false);
    expect(items.has(String(ids.articleOrganisation))).toBe(false);
    expect(items.get(String(ids.articleSignedIn))?.signedInOnly).toBe(true);
    const image = items.get(String(ids.articleImage));
    expect(image?.signedInOnly).toBe(false);
    expect(image?.html).toContain(`<img src="${fake.imageUrl}"`);
    expect(image?.htmlUrl).toBe(fake.article(ids.articleImage)?.html_url);
    expect(image?.section).toEqual({
      externalId: String(ids.sectionNetworking),
      name: 'Networking',
      category: { externalId: String(ids.category), name: 'Getting started' },
    });
    expect(image?.updatedAt.toISOString()).toBe(
      new Date(fake.article(ids.articleImage)?.updated_at ?? '').toISOString(),
    );
  });

  it('opens an article of several segments (Enterprise) to signed-in users only through a plain one', async () => {
    const open = fake.addArticle({
      title: 'Either segment',
      user_segment_ids: [ids.segmentOrganisation, ids.segmentSignedIn],
    });
    const closed = fake.addArticle({
      title: 'Organisation or staff',
      user_segment_ids: [ids.segmentOrganisation, ids.segmentStaff],
    });
    const unknown = fake.addArticle({ title: 'A segment not listed', user_segment_id: 4400000000299 });
    const items = byId(await pass(feedFor()));
    expect(items.get(String(open.id))?.signedInOnly).toBe(true);
    expect(items.has(String(closed.id))).toBe(false);
    expect(items.has(String(unknown.id))).toBe(false);
  });

  it('follows the article cursor to the end, 100 at a time, and never asks for an offset page', async () => {
    await pass(feedFor());
    const articlePages = requests('articles');
    // An admin's token lists all 133 articles: two pages.
    expect(articlePages.map((entry) => entry.query['page[size]'])).toEqual(['100', '100']);
    expect(articlePages[0]?.query['page[after]']).toBeUndefined();
    expect(articlePages[1]?.query['page[after]']).toEqual(expect.any(String));
    for (const route of ['categories', 'sections', 'user_segments']) expect(requests(route)).toHaveLength(1);
    expect(fake.log.filter((entry) => entry.query.page !== undefined)).toEqual([]);
    expect(fake.log.every((entry) => entry.status === 200)).toBe(true);
  });

  it('follows three article pages when there are more articles', async () => {
    for (let i = 0; i < 80; i++) fake.addArticle({ title: `Extra ${i}` });
    const result = await pass(feedFor());
    expect(requests('articles')).toHaveLength(3);
    expect(result.items).toHaveLength(211);
  });

  it('is what a full pass answers even with a cursor, and drops deleted articles', async () => {
    const feed = feedFor();
    const first = await pass(feed);
    fake.deleteArticle(ids.firstPublicArticle);
    const full = await pass(feed, first.cursor, true);
    expect(full.complete).toBe(true);
    expect(requests('incremental')).toHaveLength(0);
    expect(byId(full).has(String(ids.firstPublicArticle))).toBe(false);
    expect(full.items).toHaveLength(130);
  });
});

describe('a changes pass', () => {
  it('reads the export from the cursor and hands over changes, drafts and narrowed articles as removed', async () => {
    const feed = feedFor();
    const first = await pass(feed);
    fake.moveTime(60_000);
    fake.updateArticle(ids.firstPublicArticle, { title: 'Public article 1, revised' });
    fake.updateArticle(ids.firstPublicArticle + 1, { draft: true });
    fake.updateArticle(ids.firstPublicArticle + 2, { user_segment_id: ids.segmentOrganisation });
    fake.updateArticle(ids.firstPublicArticle + 3, { user_segment_id: ids.segmentSignedIn });
    const added = fake.addArticle({ title: 'Brand new' });
    fake.log.length = 0;

    const changes = await pass(feed, first.cursor);
    expect(changes.complete).toBe(false);
    const incremental = requests('incremental');
    expect(incremental).toHaveLength(1);
    expect(incremental[0]?.query.start_time).toBe(first.cursor);
    expect(requests('articles')).toHaveLength(0);

    const items = byId(changes);
    expect([...items.keys()].sort()).toEqual(
      [String(ids.firstPublicArticle), String(ids.firstPublicArticle + 3), String(added.id)].sort(),
    );
    expect(items.get(String(ids.firstPublicArticle))?.title).toBe('Public article 1, revised');
    expect(items.get(String(ids.firstPublicArticle + 3))?.signedInOnly).toBe(true);
    expect(items.get(String(added.id))?.section?.category.name).toBe('Getting started');
    expect(changes.removed.sort()).toEqual(
      [String(ids.firstPublicArticle + 1), String(ids.firstPublicArticle + 2)].sort(),
    );
    expect(changes.cursor).toBe(String(Math.floor(Date.parse(added.updated_at) / 1000)));
  });

  it('starts the next pass at the previous end_time', async () => {
    const feed = feedFor();
    const first = await pass(feed);
    fake.moveTime(60_000);
    fake.updateArticle(ids.articleImage, { title: 'Network diagram (v2)' });
    const second = await pass(feed, first.cursor);
    fake.moveTime(60_000);
    fake.updateArticle(ids.articleSignedIn, { title: 'Renewing your licence (v2)' });
    const third = await pass(feed, second.cursor);
    const starts = requests('incremental').map((entry) => entry.query.start_time);
    expect(starts).toEqual([first.cursor, second.cursor]);
    expect(Number(second.cursor)).toBeGreaterThan(Number(first.cursor));
    // The export's bound is inclusive here, so the article changed at the previous end_time may come again.
    const thirdIds = third.items.map((item) => item.externalId);
    expect(thirdIds).toContain(String(ids.articleSignedIn));
    expect(thirdIds.filter((id) => id !== String(ids.articleSignedIn))).toEqual(
      thirdIds.length > 1 ? [String(ids.articleImage)] : [],
    );
  });

  it('follows next_page to the end, each page starting at the previous end_time', async () => {
    const feed = feedFor();
    const first = await pass(feed);
    fake.setIncrementalPageSize(2);
    for (let i = 0; i < 5; i++) {
      fake.moveTime(1000);
      fake.updateArticle(ids.firstPublicArticle + i, { title: `Changed ${i}` });
    }
    const changes = await pass(feed, first.cursor);
    const pages = requests('incremental');
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const lastChange = Math.floor(
      Date.parse(fake.article(ids.firstPublicArticle + 4)?.updated_at ?? '') / 1000,
    );
    expect(changes.cursor).toBe(String(lastChange));
    expect(changes.items.map((item) => item.title).sort()).toEqual(
      [0, 1, 2, 3, 4].map((i) => `Changed ${i}`),
    );
    const starts = pages.map((entry) => Number(entry.query.start_time));
    for (let i = 1; i < starts.length; i++) expect(starts[i]).toBeGreaterThan(starts[i - 1] ?? Infinity);
  });

  it('reads no structure when nothing changed, and keeps its cursor', async () => {
    const feed = feedFor();
    const first = await pass(feed);
    fake.log.length = 0;
    fake.moveTime(60_000);
    const changes = await pass(feed, first.cursor);
    expect(changes.items).toEqual([]);
    expect(changes.removed).toEqual([]);
    expect(Number(changes.cursor)).toBeGreaterThanOrEqual(Number(first.cursor));
    expect(fake.log.map((entry) => entry.outcome.route)).toEqual(['incremental']);
  });
});

describe('the service token', () => {
  it('is requested once, kept across passes, and requested again once after a 401', async () => {
    const feed = feedFor();
    const first = await pass(feed);
    await pass(feed, first.cursor);
    expect(requests('token')).toHaveLength(1);
    expect(fake.tokens()[0]?.scope).toBe('hc:read');

    fake.revokeTokens();
    fake.log.length = 0;
    const after = await pass(feed, first.cursor);
    expect(after.complete).toBe(false);
    expect(requests('token')).toHaveLength(1);
    expect(fake.log.filter((entry) => entry.status === 401)).toHaveLength(1);
    expect(fake.log.map((entry) => entry.outcome.route)).toEqual(['incremental', 'token', 'incremental']);
  });

  it('is requested again before use once past expires_in, without a 401', async () => {
    const feed = feedFor();
    const first = await pass(feed);
    fake.moveTime(3600 * 1000);
    fake.log.length = 0;
    await pass(feed, first.cursor);
    expect(requests('token')).toHaveLength(1);
    expect(fake.log.filter((entry) => entry.status === 401)).toEqual([]);
  });

  it('is kept until a 401 when Zendesk sends no expires_in', async () => {
    fake.setTokenLifetime(undefined);
    const feed = feedFor();
    const first = await pass(feed);
    fake.moveTime(30 * 24 * 3600 * 1000);
    await pass(feed, first.cursor);
    expect(requests('token')).toHaveLength(1);
  });

  it('sends the client credentials grant as JSON and asks once for concurrent callers', async () => {
    const token = createZendeskServiceToken({
      baseUrl: fake.url,
      clientId: fake.client.identifier,
      clientSecret: fake.client.secret,
      scope: 'hc:read',
      log: quiet,
      now: () => fake.clock.now(),
    });
    const tokens = await Promise.all([token.accessToken(), token.accessToken(), token.accessToken()]);
    expect(new Set(tokens).size).toBe(1);
    expect(requests('token')).toHaveLength(1);
    expect(requests('token')[0]?.headers['content-type']).toBe('application/json');
    expect(requests('token')[0]?.outcome.grant).toBe('client_credentials');
    await Promise.all([token.refresh(), token.refresh()]);
    expect(requests('token')).toHaveLength(2);
    expect(await token.accessToken()).not.toBe(tokens[0]);
  });

  it('fails the pass UNAUTHENTICATED when Zendesk refuses the client, without retrying', async () => {
    const feed = feedFor({ clientSecret: 'not-the-secret' });
    const failure = await pass(feed).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VendorError);
    expect((failure as VendorError).code).toBe('UNAUTHENTICATED');
    expect((failure as VendorError).detail).toContain('invalid_client');
    expect(requests('token')).toHaveLength(1);
    expect(requests('articles')).toHaveLength(0);
  });

  it('never sends an API token (Basic) to Zendesk', async () => {
    await pass(feedFor());
    const api = fake.log.filter((entry) => entry.outcome.route !== 'token');
    expect(api.length).toBeGreaterThan(0);
    for (const entry of api) expect(entry.headers.authorization).toMatch(/^Bearer \S+$/);
  });
});

describe('failures', () => {
  it('waits for a 429 Retry-After within the call deadline and retries', async () => {
    const feed = feedFor();
    const first = await pass(feed);
    fake.log.length = 0;
    fake.rateLimitNext(1, 1);
    const started = Date.now();
    const changes = await pass(feed, first.cursor);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(changes.complete).toBe(false);
    expect(fake.log.map((entry) => [entry.outcome.route ?? entry.outcome.injected, entry.status])).toEqual([
      ['fail', 429],
      ['incremental', 200],
    ]);
  });

  it('fails at once with UNAVAILABLE when the Retry-After ends past the call deadline', async () => {
    const feed = feedFor({ callDeadlineMs: 2000 });
    const first = await pass(feed);
    fake.rateLimitNext(1, 30);
    const started = Date.now();
    const failure = await pass(feed, first.cursor).catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(failure).toBeInstanceOf(VendorError);
    expect((failure as VendorError).code).toBe('UNAVAILABLE');
    expect((failure as VendorError).retryAfterMs).toBe(30_000);
  });

  it('fails the whole pass on a malformed answer instead of answering part of it', async () => {
    const feed = feedFor();
    await pass(feed); // the token is cached: the next request is an API call
    fake.log.length = 0;
    fake.malformedNext(1);
    await expect(pass(feed)).rejects.toBeInstanceOf(VendorContractError);
  });

  it('fails the pass on an answer of the wrong shape', async () => {
    const feed = feedFor();
    await pass(feed);
    fake.failNext(1, {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        user_segments: [{ id: 'one', user_type: 'signed_in_users' }],
        meta: { has_more: false },
      }),
    });
    const failure = await pass(feed).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VendorContractError);
    expect((failure as VendorContractError).path).toBe('/api/v2/help_center/user_segments.json');
  });

  it('fails the pass when a cursor page says has_more without a cursor', async () => {
    const feed = feedFor();
    await pass(feed);
    fake.failNext(1, {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        user_segments: [],
        meta: { has_more: true, after_cursor: null, before_cursor: null },
      }),
    });
    await expect(pass(feed)).rejects.toBeInstanceOf(VendorContractError);
  });
});
