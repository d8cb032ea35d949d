import type { FastifyReply } from 'fastify';
import { z } from 'zod';

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
