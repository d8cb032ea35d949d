import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorSchema } from '../../common/contracts/api-error.js';
import { can, policies, type Action } from '../../common/policies.js';
import { ServiceError } from '../lib/errors.js';
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

/** The session of a request whose route lets anyone in: null when nobody is signed in. */
export function currentSession(request: FastifyRequest): { user: PortalUser; session: ActiveSession } | null {
  return request.user && request.session ? { user: request.user, session: request.session } : null;
}

/**
 * The call needs the policy's `action` (common/policies.ts): refused, 401 signed out and 403 for a user without
 * it, each a JSON error with the action's own sentence. The rule alone decides, so the web's `useCan` agrees.
 */
export function authorize(action: Action) {
  const { signedOut, forbidden } = policies[action];
  return async (request: FastifyRequest): Promise<void> => {
    if (can(request.user, action)) return;
    throw request.user
      ? new ServiceError('FORBIDDEN', forbidden)
      : new ServiceError('UNAUTHENTICATED', signedOut);
  };
}

type ErrorStatus = 400 | 401 | 403 | 404;

/**
 * The JSON error answers of a call behind {@link authorize}, for its response schema: 400 (its input), 401 and
 * 403 (the guard), 404, and the `more` statuses the call itself answers.
 */
export function refusalSchemas<More extends number = never>(
  ...more: More[]
): Record<ErrorStatus | More, typeof apiErrorSchema> {
  const statuses: number[] = [400, 401, 403, 404, ...more];
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    ErrorStatus | More,
    typeof apiErrorSchema
  >;
}
