/**
 * The portal's own Zendesk access token: the OAuth client credentials grant of a confidential client, for calls
 * made as the portal rather than as a signed-in user (the Help Center feed; later the accounts and the ticket
 * desk). Zendesk API tokens are never used: they are "permanently deactivated on April 30, 2027", and no
 * account can create one after October 27, 2026
 * (https://developer.zendesk.com/documentation/api-basics/authentication/oauth-migration/).
 *
 * Zendesk: "pass a valid client_secret parameter to the /oauth/tokens endpoint using grant_type:
 * client_credentials"; "This grant type is exclusive to confidential OAuth clients"
 * (https://support.zendesk.com/hc/en-us/articles/4408845965210, "OAuth client credentials grant type";
 * announced in https://support.zendesk.com/hc/en-us/articles/8983332483226). The endpoint takes JSON parameters
 * and a space-separated `scope` (https://developer.zendesk.com/api-reference/ticketing/oauth/grant_type_tokens/).
 *
 * The token is cached until its `expires_in` (less a margin), fetched once for concurrent callers, and fetched
 * again when a call is refused 401 (`refresh`, which the vendor HTTP helper calls once per call).
 */
import { z } from 'zod';
import { createVendorHttp, type VendorHttp, type VendorLog } from '../vendor-http.js';

/**
 * Zendesk's answer (grant_type_tokens page: `access_token`, `token_type` "bearer", `scope`). `expires_in` is
 * read when present; not documented for this grant: whether it is always sent. Without it the token is kept
 * until a 401.
 */
export const serviceTokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((type) => type.toLowerCase() === 'bearer', 'expected a bearer token'),
  scope: z.string().optional(),
  expires_in: z.number().int().positive().optional(),
});

export interface ZendeskServiceTokenOptions {
  /** The Zendesk account (`ZENDESK_URL`). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes (`hc:read`). */
  scope: string;
  log: VendorLog;
  now?: () => number;
  fetch?: typeof fetch;
  /** Longest the token request may take (default 10 s). */
  timeoutMs?: number;
}

export interface ZendeskServiceToken {
  /** A token believed valid: the cached one, or a new one (one request however many callers wait). */
  accessToken(): Promise<string>;
  /** Drops the cached token and fetches another (joins a request already under way). */
  refresh(): Promise<void>;
  /** The headers of a call made with it. */
  headers(): Promise<Record<string, string>>;
}

/** A token this close to its expiry is renewed before use, so that it does not expire in flight. */
const EXPIRY_MARGIN_MS = 60_000;

export function createZendeskServiceToken(options: ZendeskServiceTokenOptions): ZendeskServiceToken {
  const now = options.now ?? Date.now;
  const http: VendorHttp = createVendorHttp({
    vendor: 'zendesk',
    baseUrl: options.baseUrl,
    log: options.log,
    now,
    fetch: options.fetch,
    attemptTimeoutMs: options.timeoutMs,
  });
  let cached: { token: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  const request = (): Promise<string> => {
    pending ??= (async () => {
      try {
        // A POST: not retried by the helper, so a refused secret fails at once.
        const answer = await http.request({
          method: 'POST',
          path: '/oauth/tokens',
          body: {
            grant_type: 'client_credentials',
            client_id: options.clientId,
            client_secret: options.clientSecret,
            scope: options.scope,
          },
          schema: serviceTokenAnswerSchema,
        });
        const lifetimeMs = answer.expires_in === undefined ? Infinity : answer.expires_in * 1000;
        cached = {
          token: answer.access_token,
          expiresAt: now() + Math.max(0, lifetimeMs - Math.min(EXPIRY_MARGIN_MS, lifetimeMs / 2)),
        };
        return answer.access_token;
      } finally {
        pending = undefined;
      }
    })();
    return pending;
  };

  const accessToken = async (): Promise<string> => {
    if (cached && now() < cached.expiresAt) return cached.token;
    return request();
  };

  return {
    accessToken,
    refresh: async () => {
      if (!pending) cached = undefined;
      await (pending ?? request());
    },
    headers: async () => ({ authorization: `Bearer ${await accessToken()}` }),
  };
}
