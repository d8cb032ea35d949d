import type { FastifyRequest } from 'fastify';
import type { Searcher } from '../services/search/types.js';

/** The searcher of a request: its signed-in user, or an anonymous visitor. */
export function searcherOf(request: FastifyRequest): Searcher {
  const user = request.user;
  return user
    ? { actor: user, userId: user.id, email: user.email.toLowerCase() }
    : { actor: null, userId: null, email: null };
}
