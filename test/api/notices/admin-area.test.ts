import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import {
  markAllReadAnswerSchema,
  noticeChangeListSchema,
  noticeItemSchema,
  noticeListSchema,
  seenByListSchema,
} from '../../../src/common/contracts/notices.js';
import { isUnreadNotice } from '../../../src/common/notices.js';
import {
  ANONYMOUS,
  callerOf,
  createNoticeAs,
  getAs,
  noticeBody,
  postAs,
  refusal,
  type Caller,
} from '../../support/notices.js';
import { useTestApp } from '../../support/use-test-app.js';

/** Notice titles, deleted notices and their restore, "Mark all as read", and what the readers page reads. */

const t = useTestApp({
  seed: false,
  env: { RATE_LIMIT_NOTICE_WRITES_PER_MINUTE: '1000', RATE_LIMIT_NOTICE_MARK_ALL_PER_MINUTE: '3' },
});
const n = apiPaths.notices;
let admin: Caller;
let customer: Caller;
let agent: Caller;

beforeAll(async () => {
  admin = await callerOf(t.app, 'admin');
  customer = await callerOf(t.app, 'customer');
  agent = await callerOf(t.app, 'agent');
});

async function listOf(caller: Caller, path: string = n.notice) {
  const res = await getAs(t.app, caller, path);
  expect(res.statusCode, res.body).toBe(200);
  return noticeListSchema.parse(res.json()).Items;
}

describe('titles', () => {
  it('are stored trimmed, answered everywhere and recorded in the change history', async () => {
    const created = await createNoticeAs(t.app, admin, { title: '  Gateway upgrade window  ' });
    expect(created.title).toBe('Gateway upgrade window');
    const listed = (await listOf(customer)).find((item) => item.Notice_ID === created.Notice_ID);
    expect(listed?.title).toBe('Gateway upgrade window');

    const renamed = await postAs(t.app, admin, n.notice, {
      ...noticeBody({ title: 'Gateway upgrade moved' }),
      Notice_ID: created.Notice_ID,
    });
    expect(noticeItemSchema.parse(renamed.json()).Item.title).toBe('Gateway upgrade moved');
    const { changes } = noticeChangeListSchema.parse(
      (await getAs(t.app, admin, `${n.noticeChanges}?id=${created.Notice_ID}`)).json(),
    );
    expect(changes[0]?.fields).toContainEqual({
      field: 'title',
      before: 'Gateway upgrade window',
      after: 'Gateway upgrade moved',
    });
  });

  it('120 characters is enough', async () => {
    expect((await createNoticeAs(t.app, admin, { title: 'x'.repeat(120) })).title).toHaveLength(120);
  });

  const refused: Array<[string, unknown]> = [
    ['no title', { ...noticeBody(), title: undefined }],
    ['an empty title', noticeBody({ title: '' })],
    ['a title of spaces only', noticeBody({ title: '   ' })],
    ['a title of 121 characters', noticeBody({ title: 'x'.repeat(121) })],
    ['a NUL byte in the title', noticeBody({ title: 'Maint\u0000enance' })],
    ['a title that is not text', { ...noticeBody(), title: 42 }],
  ];
  for (const [name, body] of refused) {
    it(`${name}: 400 JSON naming the title, on create and on update`, async () => {
      expect(refusal(await postAs(t.app, admin, n.notice, body), 400)).toMatch(/title/);
      const { Notice_ID } = await createNoticeAs(t.app, admin);
      const update = { ...(body as object), Notice_ID };
      expect(refusal(await postAs(t.app, admin, n.notice, update), 400)).toMatch(/title/);
    });
  }
});

describe('deleted notices and restore', () => {
  it('lists a deleted notice for admins and restores it, with its reads, as a change', async () => {
    const created = await createNoticeAs(t.app, admin, { title: 'To be restored' });
    await postAs(t.app, customer, n.seenByUsers, { id: created.Notice_ID, userId: customer.id });
    expect((await postAs(t.app, admin, n.deleteNotice, { Notice_ID: created.Notice_ID })).statusCode).toBe(
      200,
    );
    const deleted = await listOf(admin, n.deletedNotices);
    expect(deleted.find((item) => item.Notice_ID === created.Notice_ID)).toMatchObject({
      title: 'To be restored',
      active: false,
      userIDs: [customer.id],
    });

    const restored = await postAs(t.app, admin, n.restoreNotice, { Notice_ID: created.Notice_ID });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(noticeItemSchema.parse(restored.json()).Item).toMatchObject({ active: true });
    expect((await listOf(customer)).find((item) => item.Notice_ID === created.Notice_ID)?.userIDs).toEqual([
      customer.id,
    ]);
    expect((await listOf(admin, n.deletedNotices)).map((item) => item.Notice_ID)).not.toContain(
      created.Notice_ID,
    );
    const { changes } = noticeChangeListSchema.parse(
      (await getAs(t.app, admin, `${n.noticeChanges}?id=${created.Notice_ID}`)).json(),
    );
    expect(changes[0]).toMatchObject({
      action: 'updated',
      actor: { User_ID: admin.id },
      fields: [{ field: 'active', before: false, after: true }],
    });
  });

  it('a notice that is not deleted is a 409; an unknown one a 404; a bad id a 400', async () => {
    const { Notice_ID } = await createNoticeAs(t.app, admin);
    refusal(await postAs(t.app, admin, n.restoreNotice, { Notice_ID }), 409);
    refusal(await postAs(t.app, admin, n.restoreNotice, { Notice_ID: '1234567890123' }), 404);
    refusal(await postAs(t.app, admin, n.restoreNotice, { Notice_ID: 'abc' }), 400);
    refusal(await postAs(t.app, admin, n.restoreNotice, {}), 400);
  });

  it('admins only: 401 signed out, 403 for customers and agents, before the body is read', async () => {
    const { Notice_ID } = await createNoticeAs(t.app, admin);
    await postAs(t.app, admin, n.deleteNotice, { Notice_ID });
    refusal(await postAs(t.app, ANONYMOUS, n.restoreNotice, { Notice_ID }), 401);
    refusal(await postAs(t.app, customer, n.restoreNotice, { Notice_ID }), 403);
    refusal(await postAs(t.app, agent, n.restoreNotice, 'not json at all'), 403);
    refusal(await getAs(t.app, ANONYMOUS, n.deletedNotices), 401);
    refusal(await getAs(t.app, customer, n.deletedNotices), 403);
    refusal(await getAs(t.app, agent, n.deletedNotices), 403);
    // Still deleted.
    expect((await listOf(admin, n.deletedNotices)).map((item) => item.Notice_ID)).toContain(Notice_ID);
  });

  it('a restore from another site is refused', async () => {
    const { Notice_ID } = await createNoticeAs(t.app, admin);
    await postAs(t.app, admin, n.deleteNotice, { Notice_ID });
    const res = await t.app.inject({
      method: 'POST',
      url: n.restoreNotice,
      headers: {
        ...admin.headers,
        'content-type': 'application/json',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      payload: JSON.stringify({ Notice_ID }),
    });
    refusal(res, 403);
  });
});

describe('mark all as read', () => {
  it("records the caller's read of every unread notice, and only theirs", async () => {
    const reader = await callerOf(t.app, 'customer');
    const other = await callerOf(t.app, 'customer');
    const ended = Date.now() - 60_000;
    await createNoticeAs(t.app, admin, { title: 'First' });
    await createNoticeAs(t.app, admin, { title: 'Second' });
    await createNoticeAs(t.app, admin, {
      title: 'Ended',
      startDate: new Date(ended - 86_400_000).toISOString(),
      endDate: new Date(ended).toISOString(),
    });
    const unread = async (caller: Caller) =>
      (await listOf(caller)).filter((item) => isUnreadNotice(item, caller.id, Date.now())).length;
    expect(await unread(reader)).toBeGreaterThanOrEqual(2);
    const before = await unread(reader);

    const res = await postAs(t.app, reader, n.markAllRead, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(markAllReadAnswerSchema.parse(res.json()).marked).toBe(before);
    expect(await unread(reader)).toBe(0);
    expect(await unread(other)).toBe(before);
    // Again: nothing more to mark.
    expect(markAllReadAnswerSchema.parse((await postAs(t.app, reader, n.markAllRead, {})).json())).toEqual({
      marked: 0,
    });
  });

  it('refuses a body with fields (nobody marks reads for others), signed-out callers and a flood', async () => {
    const caller = await callerOf(t.app, 'customer');
    expect(refusal(await postAs(t.app, caller, n.markAllRead, { userId: customer.id }), 400)).toBeTruthy();
    refusal(await postAs(t.app, caller, n.markAllRead, '{"half'), 400);
    refusal(await postAs(t.app, ANONYMOUS, n.markAllRead, {}), 401);
    // The limit is 3 a minute in this file; the refused ones above count too.
    let last = await postAs(t.app, caller, n.markAllRead, {});
    for (let attempt = 0; attempt < 3 && last.statusCode !== 429; attempt += 1)
      last = await postAs(t.app, caller, n.markAllRead, {});
    expect(refusal(last, 429)).toMatch(/marked every notice read 3 times in the last minute/);
  });
});

describe('readers', () => {
  it('answer name, email, organisation and read time, first reader first', async () => {
    const { Notice_ID } = await createNoticeAs(t.app, admin);
    const before = Date.now();
    await postAs(t.app, customer, n.seenByUsers, { id: Notice_ID, userId: customer.id });
    await postAs(t.app, agent, n.seenByUsers, { id: Notice_ID, userId: agent.id });
    const { users } = seenByListSchema.parse(
      (await getAs(t.app, admin, `${n.seenByUsers}?id=${Notice_ID}`)).json(),
    );
    expect(users).toMatchObject([
      { User_ID: customer.id, name: customer.name, email: customer.email, role: 'customer' },
      { User_ID: agent.id, name: agent.name, email: agent.email, role: 'agent', organisation: null },
    ]);
    expect(users[0]?.organisation).toMatch(/^Company /);
    for (const user of users) {
      expect(Date.parse(user.readAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(user.readAt ?? '')).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });
});
