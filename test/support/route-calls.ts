import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/server/app.js';
import type { MatrixRole } from '../security/route-matrix.js';
import { createAdmin, createAgent, createCustomer, sessionCookie } from './factories.js';
import { SAME_ORIGIN } from './http.js';

/**
 * Calls of any route of the route table as each kind of user of the authorization matrix, the way a page of
 * the portal makes them: what the matrix test and the fuzz tests share.
 */

export type SignedInRole = Exclude<MatrixRole, 'anonymous'>;
export type MatrixUsers = Record<SignedInRole, { id: string; role: 'customer' | 'agent' | 'admin' }>;

/** One user of each signed-in kind of the matrix. */
export async function createMatrixUsers(app: App): Promise<MatrixUsers> {
  return {
    customer: { id: (await createCustomer(app)).id, role: 'customer' },
    'customer without downloads': {
      id: (await createCustomer(app, { allowDownload: false })).id,
      role: 'customer',
    },
    'organisation admin': {
      id: (await createCustomer(app, { organisationAdmin: true })).id,
      role: 'customer',
    },
    agent: { id: (await createAgent(app)).id, role: 'agent' },
    admin: { id: (await createAdmin(app)).id, role: 'admin' },
  };
}

/** A new session of the role's user: its cookie header, or none for a visitor. */
export async function sessionHeadersOf(
  app: App,
  users: MatrixUsers,
  role: MatrixRole,
): Promise<Record<string, string>> {
  if (role === 'anonymous') return {};
  return { cookie: (await sessionCookie(app, users[role])).cookie };
}

export const STATE_CHANGING: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RouteCall {
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** The body as sent; a state change without one gets an empty JSON object. */
  payload?: string | Buffer;
  /** Default for a state change: `application/json`; `null` sends none. */
  contentType?: string | null;
}

export interface RouteAnswer {
  status: number;
  type: string;
  /** The body of a 4xx or 5xx answer; empty for anything else (a live stream is cut once its status is known). */
  body: string;
}

/**
 * One call as a page of the portal makes it: same origin, and a state change with a JSON body (an empty
 * object unless the call gives one). A live stream is cut once its status is known.
 */
export async function callRoute(app: App, call: RouteCall): Promise<RouteAnswer> {
  const writes = STATE_CHANGING.has(call.method);
  const contentType = call.contentType === undefined ? 'application/json' : call.contentType;
  const res: LightMyRequestResponse = await app.inject({
    method: call.method as 'GET',
    url: call.url,
    headers: {
      ...(writes ? SAME_ORIGIN : {}),
      ...(writes && contentType !== null ? { 'content-type': contentType } : {}),
      ...call.headers,
    },
    ...(writes ? { payload: call.payload ?? '{}' } : {}),
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
