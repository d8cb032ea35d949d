import type { z } from 'zod';
import { apiCall, errorCode, type ApiCallOptions } from './api-client';

/** A call's answer checked against its contract: the data, or why not (status and the answer's code). */
export type ContractResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      /** HTTP status; 0 when no answer came (network down). */
      status: number;
      /** The answer's `message` field: a stable code (AUTH_CODES) or a sentence. */
      code: string | undefined;
    };

/**
 * Calls the API and checks a 2xx answer against `schema` (zod, from `src/common/contracts`). Only modules
 * loaded on demand use this (modals, sign-in pages), so zod stays out of the initial bundle. A 2xx answer that
 * does not match the contract counts as a server error (502).
 */
export async function callContract<S extends z.ZodType>(
  schema: S,
  path: string,
  options: ApiCallOptions = {},
): Promise<ContractResult<z.output<S>>> {
  let result;
  try {
    result = await apiCall(path, options);
  } catch {
    return { ok: false, status: 0, code: undefined };
  }
  if (!result.ok) return { ok: false, status: result.status, code: errorCode(result.body) };
  const parsed = schema.safeParse(result.body);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, status: 502, code: undefined };
}
