import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import {
  ANONYMOUS,
  callerOf,
  createNoticeAs,
  getAs,
  noticeBody,
  postAs,
  type Caller,
} from '../../support/notices.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * The authorization matrix: every notice call for an anonymous visitor, a customer, an agent and an
 * admin, allowed and refused, on the server (the spec leaves the role check out; the brief puts it in).
 */

const t = useTestApp({ seed: false });
type Role = 'anonymous' | 'customer' | 'agent' | 'admin';
const callers = {} as Record<Role, Caller>;
let noticeId = '';

beforeAll(async () => {
  callers.anonymous = ANONYMOUS;
  callers.customer = await callerOf(t.app, 'customer');
  callers.agent = await callerOf(t.app, 'agent');
  callers.admin = await callerOf(t.app, 'admin');
  noticeId = (await createNoticeAs(t.app, callers.admin)).Notice_ID;
});

const n = apiPaths.notices;

interface Call {
  name: string;
  send: (caller: Caller) => ReturnType<typeof getAs>;
  expected: Record<Role, number>;
}

const readersOnly = { anonymous: 401, customer: 200, agent: 200, admin: 200 };
const adminOnly = { anonymous: 401, customer: 403, agent: 403, admin: 200 };

const calls: Call[] = [
  { name: 'GET notice (active list)', send: (c) => getAs(t.app, c, n.notice), expected: readersOnly },
  {
    name: 'GET notice-id',
    send: (c) => getAs(t.app, c, `${n.noticeById}?id=${noticeId}`),
    expected: readersOnly,
  },
  {
    name: 'POST notice (create)',
    send: (c) => postAs(t.app, c, n.notice, noticeBody()),
    expected: { ...adminOnly, admin: 201 },
  },
  {
    name: 'POST notice (update)',
    send: (c) => postAs(t.app, c, n.notice, noticeBody({ Notice_ID: noticeId, type: 'Information' })),
    expected: adminOnly,
  },
  {
    name: 'POST notice-delete',
    // Each role deletes a notice of its own, so the admin's success does not turn the others' into 404s.
    send: async (c) => {
      const { Notice_ID } = await createNoticeAs(t.app, callers.admin);
      return postAs(t.app, c, n.deleteNotice, { Notice_ID, active: false });
    },
    expected: adminOnly,
  },
  {
    name: 'GET seen-by-users?userIds=',
    send: (c) => getAs(t.app, c, `${n.seenByUsers}?userIds=${callers.customer.id}`),
    expected: adminOnly,
  },
  {
    name: 'GET seen-by-users?id=',
    send: (c) => getAs(t.app, c, `${n.seenByUsers}?id=${noticeId}`),
    expected: adminOnly,
  },
  {
    name: 'GET notice-changes',
    send: (c) => getAs(t.app, c, `${n.noticeChanges}?id=${noticeId}`),
    expected: adminOnly,
  },
  {
    name: 'GET deleted-notices',
    send: (c) => getAs(t.app, c, n.deletedNotices),
    expected: adminOnly,
  },
  {
    name: 'POST notice-restore',
    // Each role restores a notice of its own, so the admin's success does not turn the others' into 409s.
    send: async (c) => {
      const { Notice_ID } = await createNoticeAs(t.app, callers.admin);
      await postAs(t.app, callers.admin, n.deleteNotice, { Notice_ID });
      return postAs(t.app, c, n.restoreNotice, { Notice_ID });
    },
    expected: adminOnly,
  },
  {
    name: 'POST mark-all-read',
    send: (c) => postAs(t.app, c, n.markAllRead, {}),
    expected: readersOnly,
  },
  {
    name: 'POST seen-by-users for oneself',
    send: (c) => postAs(t.app, c, n.seenByUsers, { id: noticeId, userId: c.id }),
    expected: readersOnly,
  },
  {
    name: 'POST seen-by-users for someone else',
    send: (c) =>
      postAs(t.app, c, n.seenByUsers, {
        id: noticeId,
        userId: callers.customer.id === c.id ? callers.agent.id : callers.customer.id,
      }),
    expected: { anonymous: 401, customer: 403, agent: 403, admin: 403 },
  },
];

describe('notice calls by role', () => {
  for (const call of calls) {
    for (const role of ['anonymous', 'customer', 'agent', 'admin'] as const) {
      it(`${call.name} as ${role}: ${call.expected[role]}`, async () => {
        const res = await call.send(callers[role]);
        expect(res.statusCode, res.body).toBe(call.expected[role]);
        expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
        if (res.statusCode >= 400)
          expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      });
    }
  }

  it('the live stream refuses a visitor with 401 JSON', async () => {
    const res = await getAs(t.app, ANONYMOUS, n.events);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Sign in to read support notices.' });
  });

  it('a state change from another origin is refused, even for an admin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: n.notice,
      headers: {
        ...callers.admin.headers,
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      payload: JSON.stringify(noticeBody()),
    });
    expect(res.statusCode).toBe(403);
  });
});
