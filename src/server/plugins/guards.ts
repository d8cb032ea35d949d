import type { FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../lib/errors.js';
import { can, type Action } from '../policies/index.js';
import type { ActiveSession } from '../services/auth/sessions.js';
import type { PortalUser } from '../services/auth/users.js';
import { z } from 'zod';

/**
 * Session and permission checks as route `onRequest` hooks, so a route says what it needs in its options and its
 * handler starts from a request that has it. They run before the body is read or validated (the session is
 * resolved in an earlier `onRequest` hook, plugins/sessions.ts): a visitor without the right learns nothing
 * of a protected route's body schema, and sends no body anyone reads.
 */

/** The 401 of a call whose session is gone: `event: 'logout'` makes the app log the user out (spec section 4). */
export const logoutAnswerSchema = z.object({
  error: z.string(),
  message: z.string(),
  event: z.literal('logout'),
});

export function sendLogoutEvent(reply: FastifyReply): FastifyReply {
  return reply
    .code(401)
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send({
      error: 'Unauthorized',
      message: 'Your session has ended. Please sign in again.',
      event: 'logout' as const,
    });
}

/**
 * The call needs a live session: without one it answers 401 `{event: 'logout'}`, which makes the app sign the
 * user out (spec section 4).
 */
export async function requireSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.user || !request.session) await sendLogoutEvent(reply);
}

/** The session of a request that passed {@link requireSession}. */
export function sessionOf(request: FastifyRequest): { user: PortalUser; session: ActiveSession } {
  if (!request.user || !request.session)
    throw new Error('sessionOf: the route has no requireSession or authorize hook');
  return { user: request.user, session: request.session };
}

/**
 * The call needs the policy's `action` (policies/index.ts): 401 signed out, 403 for a user without it, each
 * a JSON error with the sentence given.
 */
export function authorize(action: Action, refusals: { signedOut: string; forbidden: string }) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) throw new ServiceError('UNAUTHENTICATED', refusals.signedOut);
    if (!can(request.user, action)) throw new ServiceError('FORBIDDEN', refusals.forbidden);
  };
}
