import { RATE_LIMIT_MESSAGE } from '../../../../common/auth-messages';
import { ApiError, unreachableMessage } from '../../../lib/api-client';

/** A refusal's `message` when it is a sentence for a person (the API's errors), not a code such as RATE_LIMITED. */
export function readableMessage(code: string | undefined): string | undefined {
  return code && code.includes(' ') ? code : undefined;
}

/**
 * The sentence of a callback's error page for an `error` parameter or a failed call (an `ApiError`; anything
 * else thrown reads as the portal being out of reach).
 */
export function signInFailureDetail(failure: { error: string } | Error): string {
  if (!(failure instanceof Error)) {
    return failure.error === 'access_denied'
      ? 'The sign-in was cancelled or refused.'
      : 'The sign-in was refused or interrupted before it finished.';
  }
  if (!(failure instanceof ApiError) || failure.status === 0)
    return unreachableMessage('Check your connection and start again.');
  // A per-address limit of the help desk says how long to wait; the per-client one is RATE_LIMITED.
  if (failure.status === 429) return readableMessage(failure.code) ?? RATE_LIMIT_MESSAGE;
  if (failure.status >= 500) return 'The sign-in could not be completed right now. Please try again later.';
  return readableMessage(failure.code) ?? 'This sign-in link has expired or has already been used.';
}
