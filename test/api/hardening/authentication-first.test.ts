import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { ANONYMOUS, callerOf, refusal, type Caller } from '../../support/callers.js';
import { SAME_ORIGIN } from '../../support/http.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * A protected route answers 401 (signed out) or 403 (signed in without the right) before it reads or
 * validates a body: a visitor learns nothing of its body schema. Each call sends a body that the route's
 * schema refuses, so a route that validated first would answer 400 and fail here.
 */

const t = useTestApp({ seed: false });
let customer: Caller;

beforeAll(async () => {
  customer = await callerOf(t.app, 'customer');
});

const one = (path: string) => path.replace(':id', '1');

/** Every protected write, with a body its schema refuses. */
const WRITES: { method: 'POST' | 'PATCH' | 'PUT'; url: string; contentType?: string; body: string }[] = [
  { method: 'POST', url: apiPaths.tickets.tickets, body: '{}' },
  { method: 'POST', url: one(apiPaths.tickets.comments), body: '{"body":""}' },
  { method: 'PATCH', url: one(apiPaths.tickets.ticket), body: '{"status":"nonsense"}' },
  { method: 'POST', url: `${one(apiPaths.tickets.attachments)}?name=`, contentType: 'text/plain', body: '' },
  { method: 'POST', url: apiPaths.notices.notice, body: '{"title":1}' },
  { method: 'POST', url: apiPaths.notices.deleteNotice, body: '[]' },
  { method: 'POST', url: apiPaths.notices.seenByUsers, body: '{}' },
  { method: 'POST', url: apiPaths.notices.restoreNotice, body: '{"Notice_ID":"x"}' },
  { method: 'POST', url: apiPaths.notices.markAllRead, body: '{"userId":"someone"}' },
  { method: 'POST', url: apiPaths.downloads.download, body: '{}' },
  { method: 'POST', url: apiPaths.downloads.listImageFiles, body: '"x"' },
  { method: 'POST', url: apiPaths.assistant.messages, body: '{}' },
  { method: 'POST', url: apiPaths.admin.cannedReplies, body: '{"title":""}' },
  { method: 'PUT', url: one(apiPaths.admin.cannedReply), body: '{"statusChange":"nonsense"}' },
];

const send = (caller: Caller, write: (typeof WRITES)[number]) =>
  t.app.inject({
    method: write.method,
    url: write.url,
    headers: {
      ...SAME_ORIGIN,
      ...caller.headers,
      'content-type': write.contentType ?? 'application/json',
    },
    payload: write.body,
  });

describe('authentication before validation', () => {
  it.each(WRITES)('anonymous $method $url with a bad body answers 401', async (write) => {
    const message = refusal(await send(ANONYMOUS, write), 401);
    expect(message).not.toMatch(/body/);
  });

  it('a customer sending a bad body to an admin-only write answers 403, not 400', async () => {
    refusal(await send(customer, { method: 'POST', url: apiPaths.notices.notice, body: '{"title":1}' }), 403);
  });

  it('a signed-out POST /api/tickets with {} says to sign in', async () => {
    const res = await send(ANONYMOUS, { method: 'POST', url: apiPaths.tickets.tickets, body: '{}' });
    expect(refusal(res, 401)).toMatch(/sign in/i);
  });
});
