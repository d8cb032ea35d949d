import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../src/common/contracts/api-error.js';
import { CROSS_SITE_MESSAGE } from '../../src/server/plugins/same-origin.js';
import {
  callRoute,
  createMatrixUsers,
  sessionHeadersOf,
  STATE_CHANGING,
  type MatrixUsers,
} from '../support/route-calls.js';
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
let users: MatrixUsers;

beforeAll(async () => {
  users = await createMatrixUsers(t.app);
});

/**
 * A state change carries an empty JSON object, which no protected route may read before it has decided; each
 * call gets a new session, as the sign-out routes among them end the one they are given.
 */
async function call(method: string, url: string, role: MatrixRole, headers: Record<string, string> = {}) {
  return callRoute(t.app, {
    method,
    url,
    headers: { ...(await sessionHeadersOf(t.app, users, role)), ...headers },
  });
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
