import { ApiError } from '../../../lib/api-client';

/** A refusal's own sentence when it has one (a 429 says how long to wait), else `fallback`. */
export function refusalText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 429 && error.code ? error.code : fallback;
}
