import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { apiErrorSchema } from '../../src/common/contracts/api-error.js';
import type { App } from '../../src/server/app.js';
import { createAdmin, createAgent, createCustomer, sessionCookie } from './factories.js';
import { SAME_ORIGIN } from './http.js';

/** Signed-in users of each role, and the calls as the web app makes them (same origin, JSON). */

export interface Caller {
  id: string;
  email: string;
  name: string;
  headers: Record<string, string>;
}

export const ANONYMOUS: Caller = { id: 'nobody', email: '', name: 'anonymous', headers: {} };

export async function callerOf(
  app: App,
  role: 'customer' | 'agent' | 'admin',
  options: { allowDownload?: boolean } = {},
): Promise<Caller> {
  const user =
    role === 'customer'
      ? await createCustomer(app, options)
      : role === 'agent'
        ? await createAgent(app)
        : await createAdmin(app);
  const { cookie } = await sessionCookie(app, { id: user.id, role });
  return { id: user.id, email: user.email, name: user.name, headers: { cookie } };
}

export function getAs(app: App, caller: Caller, url: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: caller.headers });
}

/** A state-changing call as the web app sends it: same origin, JSON (a string is sent as it is). */
function sendAs(
  method: 'POST' | 'PATCH' | 'PUT',
  app: App,
  caller: Caller,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { ...SAME_ORIGIN, ...caller.headers, 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

export const postAs = (app: App, caller: Caller, url: string, payload: unknown) =>
  sendAs('POST', app, caller, url, payload);

/** A POST that asks for server-sent events (`Accept: text/event-stream`); the whole stream is in the body. */
export const postForEventsAs = (app: App, caller: Caller, url: string, payload: unknown) =>
  sendAs('POST', app, caller, url, payload, { accept: 'text/event-stream' });

export const patchAs = (app: App, caller: Caller, url: string, payload: unknown) =>
  sendAs('PATCH', app, caller, url, payload);

export const putAs = (app: App, caller: Caller, url: string, payload: unknown) =>
  sendAs('PUT', app, caller, url, payload);

/** A DELETE as the web app sends it: same origin, no body. */
export const deleteAs = (app: App, caller: Caller, url: string): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'DELETE', url, headers: { ...SAME_ORIGIN, ...caller.headers } });

/** A 4xx JSON refusal; answers its message. */
export function refusal(res: LightMyRequestResponse, status: number): string {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  return apiErrorSchema.parse(res.json()).message;
}
