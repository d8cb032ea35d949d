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
