import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { apiError, INTERNAL_ERROR_MESSAGE } from './error-handler.js';
import { REQUEST_ID_HEADER } from './request-id.js';
import { applyDefaultSecurityHeaders } from './security-headers.js';

export const BAD_URL_MESSAGE = 'The address is not a valid URL.';

/**
 * Fastify's `frameworkErrors`: what its router refuses before any hook runs, above all a path it cannot decode
 * (`/%zz`, `FST_ERR_BAD_URL`). Without this the answer lacked the security headers (CSP, nosniff, framing) and
 * the request id every other answer carries, and its body named Fastify's error code instead of the portal's
 * JSON error.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 500;
  applyDefaultSecurityHeaders(request.raw, reply.raw, () => undefined);
  void reply
    .code(status)
    .header(REQUEST_ID_HEADER, request.id)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(apiError(status, status === 400 ? BAD_URL_MESSAGE : INTERNAL_ERROR_MESSAGE));
}
