import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '../../common/contracts/api-error.js';
import { classifyDatabaseError } from '../db/errors.js';
import { isServiceError, type ServiceErrorCode } from '../lib/errors.js';

export const serviceErrorStatus: Record<ServiceErrorCode, number> = {
  INVALID_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

/** What a person sees for any 5xx: the details stay in the log, keyed by the request id. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.';

export const INVALID_VALUE_MESSAGE = 'The request holds a value that cannot be stored or looked up.';
export const UNAVAILABLE_MESSAGE = 'The portal is busy. Please try again in a moment.';
export const DISK_FULL_MESSAGE =
  "The portal's storage is full, so changes cannot be saved right now; reading still works. Please try again later.";
/** Freeing disk space takes an operator: a client should not retry within seconds. */
const DISK_FULL_RETRY_AFTER_S = '60';

export function apiError(status: number, message: string): ApiError {
  return { error: STATUS_CODES[status] ?? 'Error', message };
}

function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(apiError(status, message));
}

/** `querystring.limit: Too big: expected number to be <=20`, one clause per problem. */
function describeValidation(error: FastifyError): string {
  const context = error.validationContext ?? 'request';
  const issues = error.validation ?? [];
  if (issues.length === 0) return error.message;
  return issues
    .map((issue) => {
      const path = issue.instancePath.split('/').filter(Boolean).join('.');
      return `${path === '' ? context : `${context}.${path}`}: ${issue.message ?? 'is invalid'}`;
    })
    .join('; ');
}

function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return sendError(reply, 400, describeValidation(error));
  }
  if (isServiceError(error)) {
    const status = serviceErrorStatus[error.code];
    if (status < 500) {
      if (error.reason !== undefined) request.log.info({ reason: error.reason }, error.message);
      return sendError(reply, status, error.reason ?? error.message);
    }
    request.log.error({ err: error }, 'service unavailable');
    // A reason names a failure the client says in its own words (a vendor's desk not taking a ticket).
    return sendError(reply, status, error.reason ?? INTERNAL_ERROR_MESSAGE);
  }
  const databaseFailure = classifyDatabaseError(error);
  if (databaseFailure === 'invalid-input') {
    // A value the schema let through but the database cannot take (a new route's gap): still the caller's.
    request.log.warn({ err: error }, 'input refused by the database');
    return sendError(reply, 400, INVALID_VALUE_MESSAGE);
  }
  if (databaseFailure === 'disk-full') {
    // The operator's alarm: the disk needs space; reads go on meanwhile.
    request.log.error({ err: error }, 'disk full: a write was refused');
    return sendError(reply.header('retry-after', DISK_FULL_RETRY_AFTER_S), 503, DISK_FULL_MESSAGE);
  }
  if (databaseFailure === 'unavailable') {
    request.log.error({ err: error }, 'database unavailable');
    return sendError(reply.header('retry-after', '5'), 503, UNAVAILABLE_MESSAGE);
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  // Client errors raised by Fastify itself (malformed JSON, body too large, wrong media type) carry
  // messages written for the caller; anything else is our fault and is not described.
  if (status >= 400 && status < 500) {
    request.log.info({ err: error }, 'client error');
    return sendError(reply, status, error.message);
  }
  request.log.error({ err: error }, 'request failed');
  return sendError(reply, status >= 500 && status <= 599 ? status : 500, INTERNAL_ERROR_MESSAGE);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(errorHandler);
}
