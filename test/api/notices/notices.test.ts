import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import {
  noticeChangeListSchema,
  noticeItemSchema,
  noticeListSchema,
  seenByListSchema,
} from '../../../src/common/contracts/notices.js';
import { notices } from '../../../src/server/db/schema/index.js';
import {
  callerOf,
  createNoticeAs,
  getAs,
  noticeBody,
  postAs,
  refusal,
  type Caller,
} from '../../support/notices.js';
import { useTestApp } from '../../support/use-test-app.js';

/** Notices through their calls: the rules of spec section 5, sanitizing, reads and the audit trail. */

// One admin makes every change of the file: its writes are not what is tested here (hardening/write-rate-limits).
const t = useTestApp({ seed: false, env: { RATE_LIMIT_NOTICE_WRITES_PER_MINUTE: '1000' } });
const n = apiPaths.notices;
let admin: Caller;
let customer: Caller;
let agent: Caller;

beforeAll(async () => {
  admin = await callerOf(t.app, 'admin');
  customer = await callerOf(t.app, 'customer');
  agent = await callerOf(t.app, 'agent');
});

async function activeList(caller: Caller) {
  const res = await getAs(t.app, caller, n.notice);
  expect(res.statusCode, res.body).toBe(200);
  return noticeListSchema.parse(res.json()).Items;
}

describe('create, update, delete', () => {
  it('creates with a timestamp id, lists it for every reader, updates and deletes it', async () => {
    const before = Date.now();
    const created = await createNoticeAs(t.app, admin, { description: '<p>Upgrade to <em>8.1</em> now</p>' });
    expect(Number(created.Notice_ID)).toBeGreaterThanOrEqual(before);
    expect(created).toMatchObject({ active: true, type: 'Maintenance', userIDs: [] });
    expect((await activeList(customer)).map((item) => item.Notice_ID)).toContain(created.Notice_ID);

    const updated = await postAs(t.app, admin, n.notice, {
      ...noticeBody({ description: '<p>Upgrade to <em>8.2</em> now</p>', type: 'Upgrade Advise' }),
      Notice_ID: created.Notice_ID,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(noticeItemSchema.parse(updated.json()).Item).toMatchObject({
      Notice_ID: created.Notice_ID,
      type: 'Upgrade Advise',
      description: '<p>Upgrade to <em>8.2</em> now</p>',
    });

    const deleted = await postAs(t.app, admin, n.deleteNotice, { ...created, active: false });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(noticeItemSchema.parse(deleted.json()).Item.active).toBe(false);
    expect((await activeList(customer)).map((item) => item.Notice_ID)).not.toContain(created.Notice_ID);
    refusal(await getAs(t.app, customer, `${n.noticeById}?id=${created.Notice_ID}`), 404);
    // Deleted is deleted: no update, no second delete, no read.
    refusal(await postAs(t.app, admin, n.notice, { ...noticeBody(), Notice_ID: created.Notice_ID }), 404);
    refusal(await postAs(t.app, admin, n.deleteNotice, { Notice_ID: created.Notice_ID }), 404);
    refusal(
      await postAs(t.app, customer, n.seenByUsers, { id: created.Notice_ID, userId: customer.id }),
      404,
    );
  });

  it('an update of a notice that does not exist is a 404, not a create', async () => {
    refusal(await postAs(t.app, admin, n.notice, { ...noticeBody(), Notice_ID: '1234567890123' }), 404);
  });

  it('two notices created at once get different ids', async () => {
    const [a, b] = await Promise.all([createNoticeAs(t.app, admin), createNoticeAs(t.app, admin)]);
    expect(a?.Notice_ID).not.toBe(b?.Notice_ID);
  });
});

describe('refused input: a 400 JSON error that names the field', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['no description', { ...noticeBody(), description: undefined }, /description/],
    [
      'a description that is only markup',
      noticeBody({ description: '<p> </p><script>x()</script>' }),
      /description/,
    ],
    ['no start date', { ...noticeBody(), startDate: undefined }, /startDate/],
    ['no end date', { ...noticeBody(), endDate: undefined }, /endDate/],
    ['no type', { ...noticeBody(), type: undefined }, /type/],
    ['an unknown type', { ...noticeBody(), type: 'Outage' }, /type/],
    [
      'an end date before the start date',
      noticeBody({ startDate: '2026-12-10', endDate: '2026-12-01' }),
      /endDate/,
    ],
    ['a date that is not a date', noticeBody({ startDate: 'next tuesday' }), /startDate/],
    ['a 20-digit year', noticeBody({ endDate: '99999999999999999999-01-01' }), /endDate/],
    ['a year PostgreSQL reads differently', noticeBody({ startDate: '0001-01-01T00:00:00Z' }), /startDate/],
    ['a NUL byte in the description', noticeBody({ description: '<p>a\u0000b</p>' }), /description/],
    ['a 20-digit Notice_ID', { ...noticeBody(), Notice_ID: '12345678901234567890' }, /Notice_ID/],
    ['a Notice_ID that is not digits', { ...noticeBody(), Notice_ID: "1' or '1'='1" }, /Notice_ID/],
    ['a description too long', noticeBody({ description: `<p>${'a'.repeat(20_001)}</p>` }), /description/],
  ];
  for (const [name, body, field] of cases) {
    it(name, async () => {
      expect(refusal(await postAs(t.app, admin, n.notice, body), 400)).toMatch(field);
    });
  }

  it('a half-sent JSON body', async () => {
    expect(
      refusal(await postAs(t.app, admin, n.notice, '{"description": "<p>x</p>", "startDa'), 400),
    ).toBeTruthy();
  });

  it('bad ids in the read calls', async () => {
    refusal(await getAs(t.app, customer, `${n.noticeById}?id=abc`), 400);
    refusal(await getAs(t.app, customer, `${n.noticeById}?id=${'9'.repeat(20)}`), 400);
    refusal(await getAs(t.app, customer, `${n.noticeById}`), 400);
    refusal(await getAs(t.app, admin, `${n.seenByUsers}`), 400);
    refusal(await getAs(t.app, admin, `${n.seenByUsers}?userIds=a%00b`), 400);
    refusal(await postAs(t.app, customer, n.seenByUsers, { id: '1', userId: `${customer.id}\u0000` }), 400);
  });
});

describe('sanitized HTML', () => {
  it('strips script, event attributes, style and unsafe links on write', async () => {
    const created = await createNoticeAs(t.app, admin, {
      description:
        '<p style="color:red" onclick="alert(1)">Hello <a href="javascript:alert(1)">bad</a> ' +
        '<a href="https://status.example.com">status</a><img src=x onerror=alert(1)></p><script>alert(2)</script>',
    });
    expect(created.description).toBe(
      '<p>Hello <a target="_blank" rel="noopener noreferrer nofollow">bad</a> ' +
        '<a href="https://status.example.com" target="_blank" rel="noopener noreferrer nofollow">status</a></p>',
    );
  });

  it('sanitizes again on read: a row written around the API is served clean', async () => {
    const { Notice_ID } = await createNoticeAs(t.app, admin);
    await t.app.db
      .update(notices)
      .set({
        description: '<p>x<script>alert(1)</script><a href="data:text/html,x" onmouseover="y()">z</a></p>',
      })
      .where(eq(notices.id, Notice_ID));
    const item = (await activeList(customer)).find((notice) => notice.Notice_ID === Notice_ID);
    expect(item?.description).toBe('<p>x<a target="_blank" rel="noopener noreferrer nofollow">z</a></p>');
  });
});

describe('reads', () => {
  it('records the caller once, shows an admin every reader and anyone else only themselves', async () => {
    const { Notice_ID } = await createNoticeAs(t.app, admin);
    const first = await postAs(t.app, customer, n.seenByUsers, { id: Notice_ID, userId: customer.id });
    expect(first.json()).toEqual({ id: Notice_ID, userId: customer.id, recorded: true });
    const again = await postAs(t.app, customer, n.seenByUsers, { id: Notice_ID, userId: customer.id });
    expect(again.json()).toMatchObject({ recorded: false });
    await postAs(t.app, agent, n.seenByUsers, { id: Notice_ID, userId: agent.id });

    const asAdmin = noticeItemSchema.parse(
      (await getAs(t.app, admin, `${n.noticeById}?id=${Notice_ID}`)).json(),
    );
    expect(asAdmin.Item.userIDs).toEqual([customer.id, agent.id]);
    const asCustomer = (await activeList(customer)).find((notice) => notice.Notice_ID === Notice_ID);
    expect(asCustomer?.userIDs).toEqual([customer.id]);
    const stranger = await callerOf(t.app, 'customer');
    expect((await activeList(stranger)).find((notice) => notice.Notice_ID === Notice_ID)?.userIDs).toEqual(
      [],
    );

    const byIds = seenByListSchema.parse(
      (
        await getAs(t.app, admin, `${n.seenByUsers}?userIds=${asAdmin.Item.userIDs.join(',')},unknown-id`)
      ).json(),
    );
    // Listed by id, no notice is named: no read time.
    expect(byIds.users).toMatchObject([
      { User_ID: customer.id, name: customer.name, email: customer.email, role: 'customer', readAt: null },
      { User_ID: agent.id, name: agent.name, email: agent.email, role: 'agent', readAt: null },
    ]);
    const byNotice = seenByListSchema.parse(
      (await getAs(t.app, admin, `${n.seenByUsers}?id=${Notice_ID}`)).json(),
    );
    expect(byNotice.users.map((user) => user.User_ID)).toEqual([customer.id, agent.id]);
  });

  it('a notice nobody read has no readers', async () => {
    const { Notice_ID } = await createNoticeAs(t.app, admin);
    expect((await getAs(t.app, admin, `${n.seenByUsers}?id=${Notice_ID}`)).json()).toEqual({ users: [] });
  });
});

describe('audit trail', () => {
  it('records who changed which fields, before and after, newest first', async () => {
    const created = await createNoticeAs(t.app, admin, { type: 'Information' });
    const { Notice_ID, title, description, startDate, endDate } = created;
    const asMaintenance = { Notice_ID, title, description, startDate, endDate, type: 'Maintenance' };
    await postAs(t.app, admin, n.notice, asMaintenance);
    // An update that changes nothing leaves no row.
    await postAs(t.app, admin, n.notice, asMaintenance);
    await postAs(t.app, admin, n.deleteNotice, { Notice_ID: created.Notice_ID });
    const res = await getAs(t.app, admin, `${n.noticeChanges}?id=${created.Notice_ID}`);
    const { changes } = noticeChangeListSchema.parse(res.json());
    expect(changes.map((change) => change.action)).toEqual(['deleted', 'updated', 'created']);
    const actor = { User_ID: admin.id, name: admin.name, email: admin.email };
    expect(changes[0]).toMatchObject({ actor, fields: [{ field: 'active', before: true, after: false }] });
    expect(changes[1]).toMatchObject({
      actor,
      fields: [{ field: 'type', before: 'Information', after: 'Maintenance' }],
    });
    expect(changes[2]?.fields.map((field) => field.field)).toEqual([
      'title',
      'description',
      'startDate',
      'endDate',
      'type',
      'active',
    ]);
    expect(changes[2]?.fields.every((field) => field.before === null)).toBe(true);
  });
});
