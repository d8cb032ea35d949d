import { ApiError, unreachableMessage } from '../../../lib/api-client';

/** Why a save or delete failed, in words; what was typed stays in the form either way. */
export function saveFailure(error: unknown, what: 'saved' | 'deleted'): string {
  if (error instanceof ApiError && error.status === 0)
    return unreachableMessage(`Nothing was ${what}; try again.`);
  if (error instanceof ApiError && error.status === 400 && error.code) return `Not ${what}: ${error.code}`;
  // 403, 404, 409 and 429 say what happened and what to do in the server's sentence.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code) return error.code;
  return `The canned reply could not be ${what}. Please try again.`;
}
