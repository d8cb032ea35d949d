import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { apiPaths } from '../../src/common/api-paths.js';
import { apiErrorSchema } from '../../src/common/contracts/api-error.js';
import { noticeItemSchema, type Notice, type SaveNoticeBody } from '../../src/common/contracts/notices.js';
import type { App } from '../../src/server/app.js';
import { createAdmin, createAgent, createCustomer, sessionCookie } from './factories.js';
import { SAME_ORIGIN } from './http.js';

/** Helpers of the notice tests: signed-in users of each role, and the calls as the web app makes them. */

export interface Caller {
  id: string;
  email: string;
  name: string;
  headers: Record<string, string>;
}

export const ANONYMOUS: Caller = { id: 'nobody', email: '', name: 'anonymous', headers: {} };

export async function callerOf(app: App, role: 'customer' | 'agent' | 'admin'): Promise<Caller> {
  const user =
    role === 'customer'
      ? await createCustomer(app)
      : role === 'agent'
        ? await createAgent(app)
        : await createAdmin(app);
  const { cookie } = await sessionCookie(app, { id: user.id, role });
  return { id: user.id, email: user.email, name: user.name, headers: { cookie } };
}

export function getAs(app: App, caller: Caller, url: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: caller.headers });
}

export function postAs(
  app: App,
  caller: Caller,
  url: string,
  payload: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...SAME_ORIGIN, ...caller.headers, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** A valid notice body, a week long from now, with `overrides`. */
export function noticeBody(overrides: Partial<SaveNoticeBody> = {}): SaveNoticeBody {
  const start = Date.now() - 60_000;
  return {
    description: '<p>Scheduled maintenance of the <strong>controller</strong> cloud.</p>',
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 7 * 86_400_000).toISOString(),
    type: 'Maintenance',
    ...overrides,
  };
}

/** Creates a notice as `admin`; fails the test unless it is created. */
export async function createNoticeAs(
  app: App,
  admin: Caller,
  overrides: Partial<SaveNoticeBody> = {},
): Promise<Notice> {
  const res = await postAs(app, admin, apiPaths.notices.notice, noticeBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return noticeItemSchema.parse(res.json()).Item;
}

/** A 4xx JSON refusal; answers its message. */
export function refusal(res: LightMyRequestResponse, status: number): string {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  return apiErrorSchema.parse(res.json()).message;
}
