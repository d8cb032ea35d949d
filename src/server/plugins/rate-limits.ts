import type { RateLimitOptions } from '@fastify/rate-limit';
import { AUTH_CODES } from '../../common/contracts/auth.js';
import type { Env } from '../env.js';
import { ServiceError } from '../lib/errors.js';

/**
 * The limit of sign-in, signup and code-entry routes: RATE_LIMIT_AUTH_PER_MINUTE per minute and client
 * address (behind a proxy, set TRUST_PROXY so the address is the client's). Counters are per instance.
 * Refusals are 429 `{error, message: 'RATE_LIMITED'}` with Retry-After.
 */
export function authRateLimit(env: Pick<Env, 'RATE_LIMIT_AUTH_PER_MINUTE'>): RateLimitOptions {
  return {
    max: env.RATE_LIMIT_AUTH_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: () =>
      new ServiceError('RATE_LIMITED', AUTH_CODES.rateLimited, { reason: AUTH_CODES.rateLimited }),
  };
}

/**
 * The limit of the assistant's questions: RATE_LIMIT_ASSISTANT_PER_MINUTE per minute and signed-in user, so
 * one account cannot keep the searches busy from many addresses (nor one office's users share a limit). Runs
 * as a preHandler, after the session is resolved and the guard has refused anyone signed out.
 */
export function assistantRateLimit(env: Pick<Env, 'RATE_LIMIT_ASSISTANT_PER_MINUTE'>): RateLimitOptions {
  return {
    max: env.RATE_LIMIT_ASSISTANT_PER_MINUTE,
    timeWindow: 60_000,
    hook: 'preHandler',
    keyGenerator: (request) => `user:${request.user?.id ?? request.ip}`,
    errorResponseBuilder: () =>
      new ServiceError('RATE_LIMITED', 'Too many questions in a minute. Please wait a moment and ask again.'),
  };
}
