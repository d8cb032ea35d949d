import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contentSyncListSchema } from '../../../src/common/contracts/content-sync.js';
import { communityPosts } from '../../../src/server/connectors/community/builtin/schema.js';
import { docsPages } from '../../../src/server/connectors/docs/builtin/schema.js';
import { kbArticles } from '../../../src/server/connectors/knowledge-base/builtin/schema.js';
import { contentSyncState } from '../../../src/server/db/schema/index.js';
import { startForumbeeFake, FORUMBEE_FAKE_API_KEY, type ForumbeeFake } from '../../fakes/forumbee/index.js';
import { startGitbookFake, type GitbookFake } from '../../fakes/gitbook/index.js';
import { startZendeskFake, ZENDESK_FIXTURE_IDS, type ZendeskFake } from '../../fakes/zendesk/index.js';
import { ANONYMOUS, callerOf, getAs, postAs, type Caller } from '../../support/callers.js';
import { anonymous, search } from '../../support/search.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

/**
 * The vendor feeds synced into the portal's own tables (services/content/vendor-sync.ts), against the Zendesk,
 * GitBook and Forumbee fakes: what a visitor's search then finds, what a failing vendor leaves in place, one
 * instance at a time, and the admins' status and "Sync now".
 */

let zendesk: ZendeskFake;
let gitbook: GitbookFake;
let forumbee: ForumbeeFake;

const vendorEnv = (): Record<string, string> => ({
  ZENDESK_URL: zendesk.url,
  ZENDESK_CLIENT_ID: zendesk.client.identifier,
  ZENDESK_CLIENT_SECRET: zendesk.client.secret,
  ZENDESK_PROVIDED_ID_FIELD: 'provided_id',
  ZENDESK_TECH_HUB_CATEGORY_ID: String(ZENDESK_FIXTURE_IDS.category),
  GITBOOK_API_URL: gitbook.url,
  GITBOOK_API_TOKEN: gitbook.token,
  GITBOOK_ORGANIZATION_ID: gitbook.organizationId,
  GITBOOK_SITE_ID: gitbook.siteId,
  GITBOOK_SITE_URL: gitbook.siteUrl,
  FORUMBEE_URL: forumbee.url,
  FORUMBEE_API_KEY: FORUMBEE_FAKE_API_KEY,
});

beforeAll(async () => {
  [zendesk, gitbook, forumbee] = await Promise.all([
    startZendeskFake({ publicArticles: 12 }),
    startGitbookFake(),
    startForumbeeFake({ apiKey: FORUMBEE_FAKE_API_KEY }),
  ]);
});
afterAll(async () => {
  await Promise.all([zendesk.stop(), gitbook.stop(), forumbee.stop()]);
});

const titles = async (t: TestApp, query: string) => {
  const answer = await search(anonymous(t.app), query);
  return {
    kb: (answer.zendesk?.results ?? []).map((hit) => ({ title: hit.title, url: hit.html_url, locked: hit.user_segment_id !== null })),
    docs: (answer.git?.results ?? []).map((hit) => hit.title),
    community: (answer.forumbee?.data ?? []).map((hit) => hit.title),
  };
};

describe('vendor feeds synced into the portal', () => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp({ env: vendorEnv() });
    admin = await callerOf(t.app, 'admin');
    zendesk.addArticle({
      title: 'Gateway hardening',
      section_id: ZENDESK_FIXTURE_IDS.sectionNetworking,
      body:
        '<h2 onclick="steal()">Before you start</h2><script>steal()</script><p style="x">Read <a href="javascript:steal()">this</a>' +
        ' and <a href="/hc/en-us/articles/1">that</a>.</p><p><strong>Symptom</strong></p><img src="x" onerror="steal()">' +
        '<iframe src="https://evil.example"></iframe><h2>Before you start</h2>',
    });
  });
  afterAll(async () => t.close());

  it('the content folder leaves the sources a vendor fills empty until the first sync', async () => {
    expect(await t.database.db.select().from(kbArticles)).toEqual([]);
    expect(await t.database.db.select().from(communityPosts)).toEqual([]);
  });

  it("a sync fills search with the vendors' items, linking to the vendors' pages", async () => {
    await t.app.contentSync.runDue();
    const kb = await titles(t, 'network diagram');
    expect(kb.kb[0]).toMatchObject({ title: 'Network diagram', locked: false });
    expect(kb.kb[0]?.url).toMatch(new RegExp(`^${zendesk.url}/hc/en-us/articles/${ZENDESK_FIXTURE_IDS.articleImage}`));
    // The signed-in article is found, locked; the organisation's and the draft never.
    expect((await titles(t, 'renewing licence')).kb).toEqual([
      expect.objectContaining({ title: 'Renewing your licence', locked: true }),
    ]);
    expect((await titles(t, 'globex runbook')).kb).toEqual([]);
    expect((await titles(t, 'upcoming release notes')).kb).toEqual([]);
    expect((await titles(t, 'transit gateways')).docs).toContain('Transit gateways');
    const [page] = await t.database.db.select().from(docsPages).where(eq(docsPages.title, 'Transit gateways'));
    expect(`https://${page?.domain}${page?.path}`).toMatch(/^https:\/\/[^/]+\/.*transit-gateways$/);
    expect((await titles(t, 'ports gateway open')).community).toContain('Which ports does the gateway need open?');
  });

  it('article bodies are sanitised, with images on the vendor and ids on the headings', async () => {
    const body = async (title: string) =>
      (await t.database.db.select().from(kbArticles).where(eq(kbArticles.title, title)))[0]?.body ?? '';
    expect(await body('Network diagram')).toContain(`<img src="${zendesk.imageUrl}"`);
    const hardening = await body('Gateway hardening');
    expect(hardening).not.toMatch(/<script|onclick|onerror|javascript:|<iframe|style=|steal/i);
    expect(hardening).toContain('<h2 id="before-you-start">Before you start</h2>');
    expect(hardening).toContain('<h2 id="before-you-start-2">Before you start</h2>');
    expect(hardening).toContain('<p id="symptom"><strong>Symptom</strong></p>');
    // A relative link points at the Help Center, not at the portal.
    expect(hardening).toContain(`href="${zendesk.url}/hc/en-us/articles/1"`);
    const docsPage = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(docsPage.headers['content-security-policy']).toContain(new URL(zendesk.url).origin);
  });

  it('a source not due is not asked again; "Sync now" runs it at once', async () => {
    const before = forumbee.log.length;
    await t.app.contentSync.runDue();
    expect(forumbee.log.length).toBe(before);
    forumbee.log.length = 0;
    const res = await postAs(t.app, admin, '/api/admin/content-sync/community', {});
    expect(res.statusCode, res.body).toBe(202);
    await expect.poll(() => forumbee.log.filter((entry) => entry.status === 200).length).toBeGreaterThan(0);
  });

  it('a failing vendor keeps the last synced content, and the admins see the error and the next attempt', async () => {
    gitbook.failNext(50, {
      status: 401,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ error: { code: 401, message: 'Invalid token' } }),
    });
    await t.database.db.update(contentSyncState).set({ nextRunAt: new Date(0) }).where(eq(contentSyncState.source, 'docs'));
    await t.app.contentSync.runDue();
    expect((await titles(t, 'transit gateways')).docs).toContain('Transit gateways');
    const res = await getAs(t.app, admin, '/api/admin/content-sync');
    expect(res.statusCode).toBe(200);
    const docs = contentSyncListSchema.parse(res.json()).sources.find((entry) => entry.source === 'docs');
    expect(docs?.vendor).toBe('GitBook');
    expect(docs?.lastError).toContain('GITBOOK_API_TOKEN');
    expect(docs?.lastError).not.toContain(gitbook.token);
    expect(Date.parse(docs?.nextRunAt ?? '')).toBeGreaterThan(Date.now());
  });

  it('a Forumbee outage keeps the synced community posts, and the admins see the error', async () => {
    const before = await t.database.db.select({ id: communityPosts.id }).from(communityPosts);
    expect(before.length).toBeGreaterThan(0);
    // The pass's first call fails on each of its three attempts (the HTTP helper's retries of a 503).
    forumbee.log.length = 0;
    forumbee.unavailableNext(3);
    await t.database.db
      .update(contentSyncState)
      .set({ nextRunAt: new Date(0), lastFullAt: new Date(0) })
      .where(eq(contentSyncState.source, 'community'));
    await t.app.contentSync.runDue();
    expect(forumbee.log.filter((entry) => entry.outcome.injected === 'fail')).toHaveLength(3);
    expect(await t.database.db.select({ id: communityPosts.id }).from(communityPosts)).toHaveLength(before.length);
    expect((await titles(t, 'ports gateway open')).community).toContain('Which ports does the gateway need open?');
    const res = await getAs(t.app, admin, '/api/admin/content-sync');
    const community = contentSyncListSchema.parse(res.json()).sources.find((entry) => entry.source === 'community');
    expect(community?.vendor).toBe('Forumbee');
    expect(community?.lastError).toBeTruthy();
    expect(community?.lastError).not.toContain(FORUMBEE_FAKE_API_KEY);
  });

  it('a pass that fails midway writes nothing of it: the previous content stays whole', async () => {
    const before = await t.database.db.select({ id: kbArticles.id, title: kbArticles.title }).from(kbArticles);
    zendesk.updateArticle(ZENDESK_FIXTURE_IDS.articleImage, { title: 'Network diagram, revised' });
    await t.database.db
      .update(contentSyncState)
      .set({ nextRunAt: new Date(0), lastFullAt: new Date(0) })
      .where(eq(contentSyncState.source, 'kb'));
    // The first answers of the complete pass come, then one call fails on each of its three attempts.
    zendesk.log.length = 0;
    zendesk.passNext(2);
    zendesk.failNext(3, { status: 503, headers: { 'content-type': 'text/plain' }, body: 'Service Unavailable' });
    await t.app.contentSync.runDue();
    expect(zendesk.log.filter((entry) => entry.outcome.injected === 'fail')).toHaveLength(3);
    const after = await t.database.db.select({ id: kbArticles.id, title: kbArticles.title }).from(kbArticles);
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after).toHaveLength(before.length);
    const [state] = await t.database.db.select().from(contentSyncState).where(eq(contentSyncState.source, 'kb'));
    expect(state?.lastError).toBeTruthy();
    zendesk.updateArticle(ZENDESK_FIXTURE_IDS.articleImage, { title: 'Network diagram' });
  });

  it('an article deleted at the vendor goes on the next complete pass', async () => {
    const id = ZENDESK_FIXTURE_IDS.firstPublicArticle;
    zendesk.deleteArticle(id);
    await t.database.db
      .update(contentSyncState)
      .set({ nextRunAt: new Date(0), lastFullAt: new Date(0) })
      .where(eq(contentSyncState.source, 'kb'));
    await t.app.contentSync.runDue();
    expect(await t.database.db.select().from(kbArticles).where(eq(kbArticles.externalId, String(id)))).toEqual([]);
  });

  it('only admins see the status or start a sync; an unknown source is refused', async () => {
    const customer = await callerOf(t.app, 'customer');
    const agent = await callerOf(t.app, 'agent');
    expect((await getAs(t.app, ANONYMOUS, '/api/admin/content-sync')).statusCode).toBe(401);
    expect((await getAs(t.app, customer, '/api/admin/content-sync')).statusCode).toBe(403);
    expect((await postAs(t.app, agent, '/api/admin/content-sync/kb', {})).statusCode).toBe(403);
    const bad = await postAs(t.app, admin, '/api/admin/content-sync/tickets', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Bad Request', message: expect.any(String) });
  });
});

describe('two instances on one database', () => {
  let first: TestApp;
  let second: TestApp;
  afterEach(async () => {
    await second.close();
    await first.close();
  });

  it('a due source is synced by one of them only', async () => {
    first = await createTestApp({ env: vendorEnv(), accounts: false });
    second = await createTestApp({ env: vendorEnv(), sharedDatabase: first.database });
    forumbee.log.length = 0;
    zendesk.log.length = 0;
    await Promise.all([first.app.contentSync.runDue(), second.app.contentSync.runDue()]);
    // One complete pass of Zendesk's Help Center: its categories listed once.
    expect(zendesk.log.filter((entry) => entry.outcome.route === 'categories')).toHaveLength(1);
    // One complete pass of Forumbee: its listing pages asked once each.
    const offsets = forumbee.log.filter((entry) => entry.status === 200).map((entry) => entry.query.offset);
    expect(offsets).toEqual([...new Set(offsets)]);
    expect(offsets.length).toBeGreaterThan(0);
  });
});

describe('a vendor that does not answer', () => {
  it('holds up neither readiness nor requests: the first sync runs in the background', async () => {
    const t = await createTestApp({ env: vendorEnv(), accounts: false });
    try {
      forumbee.hangNext(5);
      t.app.contentSync.start();
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect((await search(anonymous(t.app), 'gateway')).forumbee).toBeDefined();
      // While that sync hangs, "Sync now" of the same source says it is running.
      const admin = await callerOf(t.app, 'admin');
      await expect
        .poll(async () => (await postAs(t.app, admin, '/api/admin/content-sync/community', {})).statusCode)
        .toBe(409);
      const again = await postAs(t.app, admin, '/api/admin/content-sync/community', {});
      expect(again.json().message).toBe('The community is syncing already; its status shows here when it ends.');
    } finally {
      await t.close();
    }
  });
});

describe('without vendors', () => {
  it('nothing is synced and "Sync now" says no vendor fills the source', async () => {
    const t = await createTestApp();
    try {
      const admin = await callerOf(t.app, 'admin');
      const list = contentSyncListSchema.parse((await getAs(t.app, admin, '/api/admin/content-sync')).json());
      expect(list.sources).toEqual([]);
      const res = await postAs(t.app, admin, '/api/admin/content-sync/kb', {});
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No vendor feed fills this source.');
    } finally {
      await t.close();
    }
  });
});
