import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, createNoticeAs, type Caller } from '../support/notices.js';
import { createSourceBuild, dehydratedKeys, inHtml } from '../support/rendered-pages.js';
import { createMailTestApp, type MailTestApp } from '../support/test-app.js';

/**
 * The members' pages that fetched their data after hydration (a loading line their data replaced, moving what
 * follows, and zod loaded to check the answer) come with it in their user's render: a notice and, for an
 * admin, its history and readers; the search analytics; the Postman collections; the download records; the
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
    const records = await page(admin, '/admin/download-records?fileType=Postman');
    expect(records.keys.some((key) => key[0] === 'downloads' && key[1] === 'records')).toBe(true);
    for (const caller of [customer, agent]) {
      expect((await page(caller, '/admin/search-analytics')).keys.some((key) => key[0] === 'admin')).toBe(
        false,
      );
      expect((await page(caller, '/admin/download-records')).keys.some((key) => key[1] === 'records')).toBe(
        false,
      );
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
});
