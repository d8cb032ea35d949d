import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../src/common/contracts/api-error.js';
import { CROSS_SITE_MESSAGE } from '../../src/server/plugins/same-origin.js';
import { createAdmin, createAgent, createCustomer, sessionCookie } from '../support/factories.js';
import { SAME_ORIGIN } from '../support/http.js';
import { useTestApp } from '../support/use-test-app.js';
import { allowed, compareWithMatrix, MATRIX, ROLES, sampleUrl, type MatrixRole } from './route-matrix.js';

/**
 * The authorization matrix: every route the app registers (its route table), called by every kind of user,
 * answers as the matrix below says: a refused call 401 signed out and 403 signed in, each with a JSON error,
 * before it reads a body; an allowed call anything but 401 or 403 (its own 400 for the empty body it gets
 * here, a 404 for a ticket that does not exist, a redirect of a sign-in step). A route added without a row
 * fails the first test, and a row left for a removed route fails it too.
 */
const t = useTestApp({ seed: false });
const users = {} as Record<
  Exclude<MatrixRole, 'anonymous'>,
  { id: string; role: 'customer' | 'agent' | 'admin' }
>;

beforeAll(async () => {
  users.customer = { id: (await createCustomer(t.app)).id, role: 'customer' };
  users['customer without downloads'] = {
    id: (await createCustomer(t.app, { allowDownload: false })).id,
    role: 'customer',
  };
  users['organisation admin'] = {
    id: (await createCustomer(t.app, { organisationAdmin: true })).id,
    role: 'customer',
  };
  users.agent = { id: (await createAgent(t.app)).id, role: 'agent' };
  users.admin = { id: (await createAdmin(t.app)).id, role: 'admin' };
});

/** A new session of the role's user for each call: the sign-out routes among them end the one they are given. */
async function headersOf(role: MatrixRole): Promise<Record<string, string>> {
  if (role === 'anonymous') return {};
  return { cookie: (await sessionCookie(t.app, users[role])).cookie };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * One call as a page of the portal makes it: same origin, and a state change with an empty JSON object, which
 * no protected route may read before it has decided. A live stream is cut once its status is known.
 */
async function call(method: string, url: string, role: MatrixRole, headers: Record<string, string> = {}) {
  const writes = STATE_CHANGING.has(method);
  const res: LightMyRequestResponse = await t.app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(writes ? { ...SAME_ORIGIN, 'content-type': 'application/json' } : {}),
      ...(await headersOf(role)),
      ...headers,
    },
    ...(writes ? { payload: '{}' } : {}),
    payloadAsStream: true,
  });
  const stream = res.stream();
  if (res.statusCode < 400) {
    stream.destroy();
    return { status: res.statusCode, type: String(res.headers['content-type']), body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return {
    status: res.statusCode,
    type: String(res.headers['content-type']),
    body: Buffer.concat(chunks).toString('utf8'),
  };
}

describe('the authorization matrix', () => {
  it('names every route the app registers, and no route it does not', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(50);
    expect(compareWithMatrix(t.app.routeTable, MATRIX)).toEqual({ unlisted: [], stale: [] });
  });

  const cases = Object.entries(MATRIX).flatMap(([key, access]) =>
    ROLES.map((role) => ({ key, access, role, verdict: allowed(access, role) ? 'allowed' : 'refused' })),
  );

  it.each(cases)('$key, $role: $verdict ($access)', async ({ key, access, role }) => {
    const [method = '', pattern = ''] = key.split(' ');
    const res = await call(method, sampleUrl(pattern), role);
    if (allowed(access, role)) {
      expect([401, 403], `${res.status} ${res.body}`).not.toContain(res.status);
      return;
    }
    expect(res.status, res.body).toBe(role === 'anonymous' ? 401 : 403);
    expect(res.type).toMatch(/^application\/json/);
    expect(apiErrorSchema.safeParse(JSON.parse(res.body)).success, res.body).toBe(true);
  });

  const writes = Object.keys(MATRIX).filter((key) => STATE_CHANGING.has(key.split(' ')[0] ?? ''));

  it.each(writes)('%s from another site is refused before anything else', async (key) => {
    const [method = '', pattern = ''] = key.split(' ');
    // The admin may call every route, so only the origin can be the reason for the refusal.
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }]) {
      const res = await call(method, sampleUrl(pattern), 'admin', headers);
      expect(res.status, `${JSON.stringify(headers)}: ${res.body}`).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ message: CROSS_SITE_MESSAGE });
    }
  });
});
