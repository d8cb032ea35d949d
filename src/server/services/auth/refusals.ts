import type { AuthCode } from '../../../common/contracts/auth.js';
import { ServiceError, type ServiceErrorCode } from '../../lib/errors.js';

/**
 * The service error behind each login and signup code. The statuses they produce are those of the contract's
 * AUTH_CODE_STATUS (checked by a test), so the web app's mapping to spec section 8 sees what it expects.
 */
export const AUTH_CODE_SERVICE_ERROR: Record<AuthCode, ServiceErrorCode> = {
  USER_NOT_EXISTS: 'NOT_FOUND',
  INVALID_EMAIL_ID: 'FORBIDDEN',
  INVALID_CONTROLLER_ID: 'UNPROCESSABLE',
  CONTROLLER_ID_REQUIRED: 'INVALID_INPUT',
  ID_NOT_FOUND: 'NOT_FOUND',
  EMAIL_EXISTS: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  USE_AGENT_LOGIN: 'FORBIDDEN',
};

/** A refused login or signup: the answer's `message` is `code`; `detail` is for the log. */
export function authRefusal(code: AuthCode, detail: string): ServiceError {
  return new ServiceError(AUTH_CODE_SERVICE_ERROR[code], detail, { reason: code });
}
