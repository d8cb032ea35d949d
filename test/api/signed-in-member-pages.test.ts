import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, createNoticeAs, type Caller } from '../support/notices.js';
import { createSourceBuild, dehydratedKeys, inHtml } from '../support/rendered-pages.js';
import { createMailTestApp, type MailTestApp } from '../support/test-app.js';

/**
 * The members' pages that fetched their data after hydration (a loading line their data replaced, moving what
 * follows, and zod loaded to check the answer) come with it in their user's render: a notice and, for an
 * admin, its history and readers; the search analytics; the content sync; the Postman collections; the download records; the
 * chat's settings (a ticket's assignees: signed-in-ticket-pages.test.ts). Only for whom the API would answer; a visitor's render has none.
 */
describe('members pages rendered with their data', () => {
  let t: MailTestApp;
  let build: Awaited<ReturnType<typeof createSourceBuild>>;
  let customer: Caller;
  let agent: Caller;
  let admin: Caller;
  let noticeId = '';
  const title = 'Quuxbar controller maintenance';

  const page = async (caller: Caller | null, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: caller?.headers ?? {} });
    expect(res.statusCode).toBe(200);
    return { body: res.body, keys: dehydratedKeys(res.body) as unknown[][] };
  };

  beforeAll(async () => {
    build = await createSourceBuild();
    t = await createMailTestApp({ distDir: build.dir, accounts: false });
    customer = await callerOf(t.app, 'customer');
    agent = await callerOf(t.app, 'agent');
    admin = await callerOf(t.app, 'admin');
    noticeId = (await createNoticeAs(t.app, admin, { title })).Notice_ID;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await build?.remove();
  });

  it('a notice for its readers, with its history and readers for an admin', async () => {
    const mine = await page(customer, `/notification-details?id=${noticeId}`);
    expect(mine.body).toContain(inHtml(title));
    expect(mine.keys).toContainEqual(['notices', 'item', noticeId]);
    expect(mine.keys).not.toContainEqual(['notices', 'changes', noticeId]);
    const admins = await page(admin, `/notification-details?id=${noticeId}`);
    expect(admins.keys).toContainEqual(['notices', 'changes', noticeId]);
    expect(admins.body).toContain('Changes of the notice');
    const readers = await page(admin, `/users?id=${noticeId}`);
    expect(readers.keys).toContainEqual(['notices', 'seen-by', noticeId]);
    expect(readers.body).toContain(inHtml(title));
    const visitor = await page(null, `/notification-details?id=${noticeId}`);
    expect(visitor.body).not.toContain(inHtml(title));
    // An unknown notice is the browser's to ask (and be told 404), not a failed page.
    expect((await page(customer, '/notification-details?id=999999')).keys).not.toContainEqual([
      'notices',
      'item',
      '999999',
    ]);
  });

  it("the admin pages' tables for an admin only", async () => {
    const analytics = await page(admin, '/admin/search-analytics?from=2026-01-01');
    expect(analytics.keys).toContainEqual(['admin', 'search-analytics', '2026-01-01', '']);
    expect(analytics.body).toContain('Top queries');
    const sync = await page(admin, '/admin/content-sync');
    expect(sync.keys).toContainEqual(['admin', 'content-sync']);
    // Without a vendor the render says where the content comes from instead of a loading line.
    expect(sync.body).toContain('No vendor feed is configured');
    expect(sync.body).toContain('CONTENT_DIR');
    expect(sync.body).not.toContain('Loading…');
    const records = await page(admin, '/admin/download-records?fileType=Postman');
    expect(records.keys.some((key) => key[0] === 'downloads' && key[1] === 'records')).toBe(true);
    for (const caller of [customer, agent]) {
      expect((await page(caller, '/admin/search-analytics')).keys.some((key) => key[0] === 'admin')).toBe(
        false,
      );
      expect((await page(caller, '/admin/download-records')).keys.some((key) => key[1] === 'records')).toBe(
        false,
      );
      const sync = await page(caller, '/admin/content-sync');
      expect(sync.keys).not.toContainEqual(['admin', 'content-sync']);
      expect(sync.body).not.toContain('No vendor feed is configured');
    }
  });

  it('the collections for a user who may download, and the chat settings', async () => {
    const collections = await page(customer, '/downloads/api-collection');
    expect(collections.keys).toContainEqual(['downloads', 'collections', customer.id]);
    expect(collections.body).toContain('Postman collections');
    const visitor = await page(null, '/downloads/api-collection');
    expect(visitor.keys.some((key) => key[0] === 'downloads')).toBe(false);

    expect((await page(agent, '/chatbot')).keys).toContainEqual(['chat', 'settings']);
    expect((await page(null, '/chatbot')).keys).not.toContainEqual(['chat', 'settings']);
  });

  it("a members-only page opened without a session holds the home page's latest articles, which it goes to", async () => {
    const latest = ['knowledge-base', 'latest'];
    for (const url of ['/tickets', '/tickets/new', '/chatbot', '/notifications', '/support-notices']) {
      expect((await page(null, url)).keys, url).toContainEqual(latest);
    }
    // Signed in, the page stays: the home page's data would be sent for nothing. A public page is left as it was.
    expect((await page(customer, '/tickets')).keys).not.toContainEqual(latest);
    expect((await page(null, '/sla')).keys).not.toContainEqual(latest);
  });
});
