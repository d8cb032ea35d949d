import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { CANNED_REPLY_BODY_MAX } from '../../../src/common/canned-replies.js';
import {
  cannedReplyItemSchema,
  cannedReplyListSchema,
  type CannedReply,
} from '../../../src/common/contracts/canned-replies.js';
import { cannedReplies } from '../../../src/server/db/schema/index.js';
import { demoCannedReplies, seedDemoCannedReplies } from '../../../src/server/db/seed/demo-canned-replies.js';
import {
  ANONYMOUS,
  callerOf,
  deleteAs,
  getAs,
  postAs,
  putAs,
  refusal,
  type Caller,
} from '../../support/callers.js';
import { useTestApp } from '../../support/use-test-app.js';

/** The admins' canned replies and the agents' read of them: who may, what is refused, and each change. */

const t = useTestApp({ seed: false, env: { RATE_LIMIT_CANNED_REPLY_WRITES_PER_MINUTE: '1000' } });
const admin = apiPaths.admin;
const one = (id: number | string) => admin.cannedReply.replace(':id', String(id));
let adminCaller: Caller;
let agent: Caller;
let customer: Caller;

beforeAll(async () => {
  adminCaller = await callerOf(t.app, 'admin');
  agent = await callerOf(t.app, 'agent');
  customer = await callerOf(t.app, 'customer');
});

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Ask for the logs',
  body: 'Please attach the logs of the last hour.',
  statusChange: 'pending',
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}): Promise<CannedReply> {
  const res = await postAs(t.app, adminCaller, admin.cannedReplies, body(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return cannedReplyItemSchema.parse(res.json()).cannedReply;
}

async function listAs(caller: Caller, path: string): Promise<CannedReply[]> {
  const res = await getAs(t.app, caller, path);
  expect(res.statusCode, res.body).toBe(200);
  return cannedReplyListSchema.parse(res.json()).cannedReplies;
}

describe('who may', () => {
  it('refuses a signed-out caller 401 and a customer 403 everywhere, before reading the body', async () => {
    const calls = [
      () => getAs(t.app, ANONYMOUS, admin.cannedReplies),
      () => getAs(t.app, ANONYMOUS, apiPaths.tickets.cannedReplies),
      // A body that is not JSON at all: refused before it is read.
      () => postAs(t.app, ANONYMOUS, admin.cannedReplies, '{not json'),
      () => putAs(t.app, ANONYMOUS, one(1), '{not json'),
      () => deleteAs(t.app, ANONYMOUS, one(1)),
    ];
    for (const call of calls) expect(refusal(await call(), 401)).toMatch(/Sign in/);

    const asCustomer = [
      () => getAs(t.app, customer, admin.cannedReplies),
      () => getAs(t.app, customer, apiPaths.tickets.cannedReplies),
      () => postAs(t.app, customer, admin.cannedReplies, '{not json'),
      () => putAs(t.app, customer, one(1), '{not json'),
      () => deleteAs(t.app, customer, one(1)),
    ];
    for (const call of asCustomer) expect(refusal(await call(), 403)).toMatch(/Only/);
  });

  it('lets an agent read the list but not change it', async () => {
    const reply = await create({ title: 'Agent can read this' });
    const listed = await listAs(agent, apiPaths.tickets.cannedReplies);
    expect(listed.map((item) => item.title)).toContain('Agent can read this');
    expect(refusal(await getAs(t.app, agent, admin.cannedReplies), 403)).toBe(
      'Only admins may manage canned replies.',
    );
    expect(refusal(await postAs(t.app, agent, admin.cannedReplies, body({ title: 'x' })), 403)).toBe(
      'Only admins may manage canned replies.',
    );
    expect(refusal(await putAs(t.app, agent, one(reply.id), body()), 403)).toMatch(/Only admins/);
    expect(refusal(await deleteAs(t.app, agent, one(reply.id)), 403)).toMatch(/Only admins/);
  });

  it('refuses a write from another site (same-origin check)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: admin.cannedReplies,
      headers: {
        ...adminCaller.headers,
        origin: 'https://elsewhere.example',
        'content-type': 'application/json',
      },
      payload: JSON.stringify(body({ title: 'Cross-site' })),
    });
    expect(refusal(res, 403)).toBe('Cross-site requests are not accepted.');
  });
});

describe('validation', () => {
  const refused = async (payload: unknown, field: RegExp) => {
    const message = refusal(await postAs(t.app, adminCaller, admin.cannedReplies, payload), 400);
    expect(message).toMatch(field);
    return message;
  };

  it('refuses an empty title or text, a huge text, NUL bytes and an unknown status, naming the field', async () => {
    await refused(body({ title: '   ' }), /title.*must not be empty/);
    await refused(body({ body: '' }), /body.*must not be empty/);
    await refused(body({ body: 'x'.repeat(CANNED_REPLY_BODY_MAX + 1) }), /body.*at most 5000/);
    await refused(body({ title: 'x'.repeat(121) }), /title.*at most 120/);
    await refused(body({ title: 'Null\u0000byte' }), /title.*control characters/);
    await refused(body({ body: 'Null\u0000byte' }), /body.*control characters/);
    await refused(body({ statusChange: 'closed' }), /statusChange/);
    await refused(body({ statusChange: 'bogus' }), /statusChange/);
    await refused({ title: 'Only a title' }, /body/);
    expect(await listAs(adminCaller, admin.cannedReplies)).not.toContainEqual(
      expect.objectContaining({ title: 'Null\u0000byte' }),
    );
  });

  it('refuses an id that is not a number, and answers 404 for one that does not exist', async () => {
    expect(refusal(await putAs(t.app, adminCaller, one('abc'), body()), 400)).toMatch(/id/);
    expect(refusal(await putAs(t.app, adminCaller, one(99_999_999_999), body()), 400)).toMatch(/id/);
    expect(refusal(await putAs(t.app, adminCaller, one(999_999), body({ title: 'Gone' })), 404)).toMatch(
      /does not exist/,
    );
    expect(refusal(await deleteAs(t.app, adminCaller, one(999_999)), 404)).toMatch(/does not exist/);
  });

  it('refuses a title another canned reply has, whatever its case (409)', async () => {
    await create({ title: 'Duplicate title' });
    const res = await postAs(t.app, adminCaller, admin.cannedReplies, body({ title: 'DUPLICATE title' }));
    expect(refusal(res, 409)).toBe('A canned reply with this title exists already. Choose another title.');
    const other = await create({ title: 'Another title' });
    expect(
      refusal(await putAs(t.app, adminCaller, one(other.id), body({ title: 'duplicate TITLE' })), 409),
    ).toMatch(/exists already/);
  });
});

describe('create, list, update, delete', () => {
  it('stores what was sent, trimmed, and who saved it', async () => {
    const created = await create({
      title: '  Restart the gateway  ',
      body: ' Restart it, please. ',
      statusChange: null,
    });
    expect(created).toMatchObject({
      title: 'Restart the gateway',
      body: 'Restart it, please.',
      statusChange: null,
      updatedByName: adminCaller.name,
    });
    const updated = await putAs(
      t.app,
      adminCaller,
      one(created.id),
      body({ title: 'Restart the gateway twice', statusChange: 'solved' }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(cannedReplyItemSchema.parse(updated.json()).cannedReply).toMatchObject({
      id: created.id,
      title: 'Restart the gateway twice',
      statusChange: 'solved',
    });
    const listed = await listAs(agent, apiPaths.tickets.cannedReplies);
    expect(listed.find((item) => item.id === created.id)?.title).toBe('Restart the gateway twice');

    const removed = await deleteAs(t.app, adminCaller, one(created.id));
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await listAs(agent, apiPaths.tickets.cannedReplies)).map((item) => item.id)).not.toContain(
      created.id,
    );
  });

  it('lists by title and finds every word of q in the title or the text, % and _ as themselves', async () => {
    await create({ title: 'zeta firmware', body: 'Upgrade the firmware to 7.2.' });
    await create({ title: 'Alpha licence', body: 'Your licence key is 100% valid_now.' });
    const titles = (await listAs(adminCaller, admin.cannedReplies)).map((item) => item.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    const found = async (q: string) =>
      (await listAs(agent, `${apiPaths.tickets.cannedReplies}?q=${encodeURIComponent(q)}`)).map(
        (item) => item.title,
      );
    expect(await found('firmware 7.2')).toEqual(['zeta firmware']);
    expect(await found('LICENCE 100%')).toEqual(['Alpha licence']);
    expect(await found('valid_now')).toEqual(['Alpha licence']);
    expect(await found('100%_')).toEqual([]);
    expect(await found('firmware licence')).toEqual([]);
  });
});

describe('the demo', () => {
  it('seeds its canned replies into an empty table once', async () => {
    await t.database.db.delete(cannedReplies);
    expect(await seedDemoCannedReplies(t.database.db)).toBe(demoCannedReplies.length);
    expect(await seedDemoCannedReplies(t.database.db)).toBe(0);
    const listed = await listAs(agent, apiPaths.tickets.cannedReplies);
    expect(listed.map((item) => item.title).sort()).toEqual(
      demoCannedReplies.map((item) => item.title).sort(),
    );
  });
});

describe('writes past their limit', () => {
  const limited = useTestApp({ seed: false, env: { RATE_LIMIT_CANNED_REPLY_WRITES_PER_MINUTE: '2' } });

  it('the third create, update or delete in a minute is refused in words, before its body is read', async () => {
    const writer = await callerOf(limited.app, 'admin');
    const first = await postAs(limited.app, writer, admin.cannedReplies, body({ title: 'Limited one' }));
    expect(first.statusCode, first.body).toBe(201);
    const { cannedReply } = cannedReplyItemSchema.parse(first.json());
    const second = await putAs(limited.app, writer, one(cannedReply.id), body({ title: 'Limited two' }));
    expect(second.statusCode, second.body).toBe(200);
    const third = await postAs(limited.app, writer, admin.cannedReplies, '{not json');
    expect(refusal(third, 429)).toMatch(
      /^You have saved or deleted 2 canned replies in the last minute\. Please wait (?:\d+ seconds?|1 minute) before changing another\.$/,
    );
    expect(third.headers['retry-after']).toBeDefined();
    // The agents' list is a read: not counted.
    const agentCaller = await callerOf(limited.app, 'agent');
    expect((await getAs(limited.app, agentCaller, apiPaths.tickets.cannedReplies)).statusCode).toBe(200);
  });
});
