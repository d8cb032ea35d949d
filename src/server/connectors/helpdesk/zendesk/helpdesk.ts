import { normalizeEmail } from '../../../../common/users.js';
import { ServiceError } from '../../../lib/errors.js';
import { createVendorHttp, VendorError, type VendorLog } from '../../vendor-http.js';
import { createZendeskServiceToken, type ZendeskServiceToken } from '../../zendesk/service-token.js';
import type {
  CreateHelpdeskUserInput,
  ExchangeCodeInput,
  HelpdeskAuthorizationParams,
  HelpdeskConnector,
  HelpdeskUser,
} from '../types.js';
import {
  recordInvalidSchema,
  userAnswerSchema,
  userSearchAnswerSchema,
  userTokenAnswerSchema,
} from './schemas.js';
import { emailSearchQuery, toHelpdeskUser } from './user-records.js';

/**
 * Zendesk as the help desk: customers (and agents, after the corporate sign-in) sign in on Zendesk's own
 * authorization page through the authorization-code grant with PKCE, and signup creates the Zendesk end user.
 *
 * - The user's access token serves one call (`users/me`) and is dropped: never stored, never logged.
 * - Reading and creating users is done as the portal, with the client-credentials service token.
 * - Agents are paid seats an admin adds in Zendesk: the portal never creates one.
 *
 * Pages cited below by name: "grant_type_tokens page" is
 * https://developer.zendesk.com/api-reference/ticketing/oauth/grant_type_tokens/, "users page"
 * https://developer.zendesk.com/api-reference/ticketing/users/users/.
 */

/** The user's grant: the `read` scope gives access to GET endpoints (grant_type_tokens page, "Scope"). */
export const ZENDESK_SIGN_IN_SCOPE = 'read';

/**
 * The service token's scopes: users to find and create them, `hc:read` for the Help Center feed, so one
 * client's token fits both. Zendesk scopes are `read`, `write`, `impersonate` or a resource with `:read` or
 * `:write` ("If no resource is specified, all resources are assumed"), sent space-separated to `/oauth/tokens`
 * (grant_type_tokens page, "Scope"; summarised from Zendesk's OAuth tokens docs in
 * https://raw.githubusercontent.com/api-evangelist/zendesk/refs/heads/main/scopes/zendesk-scopes.yml). A client
 * whose allowed scopes (Admin Center, since August 2026) leave one out is refused "400 Bad Request ... invalid_scope"
 * (https://support.zendesk.com/hc/en-us/articles/11093380955674).
 */
export const ZENDESK_ACCOUNTS_SCOPE = 'users:read users:write hc:read';

export interface ZendeskHelpdeskOptions {
  /** `ZENDESK_URL`: the account's address, base of `/oauth/…` and `/api/v2/…`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** `ZENDESK_PROVIDED_ID_FIELD`: the key of the user field holding a customer's provided id. */
  providedIdField: string;
  log: VendorLog;
  serviceToken?: ZendeskServiceToken;
  now?: () => number;
  fetch?: typeof fetch;
}

const BAD_CODE_MESSAGE = 'The help desk did not accept the sign-in. Please start the sign-in again.';
const DUPLICATE_MESSAGE = 'The help desk already has a user with this email.';

/** Whether a failed create is Zendesk's "address already used" (schemas.ts, `recordInvalidSchema`). */
function isDuplicateEmail(error: unknown): boolean {
  if (!(error instanceof VendorError) || error.status !== 422 || error.detail === undefined) return false;
  let body: unknown;
  try {
    body = JSON.parse(error.detail);
  } catch {
    // The detail is cut at a few hundred characters: a long address can leave the JSON unfinished.
    return /"error"\s*:\s*"RecordInvalid"/.test(error.detail) && /"DuplicateValue"/.test(error.detail);
  }
  const parsed = recordInvalidSchema.safeParse(body);
  return parsed.success && (parsed.data.details?.email ?? []).some((item) => /duplicate/i.test(item.error));
}

export function createZendeskHelpdesk(options: ZendeskHelpdeskOptions): HelpdeskConnector {
  const { baseUrl, clientId, clientSecret, providedIdField, log } = options;
  const serviceToken =
    options.serviceToken ??
    createZendeskServiceToken({
      baseUrl,
      clientId,
      clientSecret,
      scope: ZENDESK_ACCOUNTS_SCOPE,
      log,
      ...(options.now ? { now: options.now } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  const common = {
    vendor: 'zendesk',
    baseUrl,
    log,
    ...(options.now ? { now: options.now } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  /** Calls made as the portal: the service token, fetched again once after a 401. */
  const asPortal = createVendorHttp({
    ...common,
    headers: () => serviceToken.headers(),
    refresh: () => serviceToken.refresh(),
  });
  /** Calls made as the signed-in user: the call passes the token; a 401 is final (nothing to refresh). */
  const asUser = createVendorHttp(common);

  async function findUser(email: string): Promise<HelpdeskUser | undefined> {
    const address = normalizeEmail(email);
    const answer = await asPortal.request({
      method: 'GET',
      path: '/api/v2/users/search.json',
      query: { query: emailSearchQuery(address) },
      schema: userSearchAnswerSchema,
    });
    // A phrase can match more than the address (a secondary identity, a prefix): keep the exact one.
    for (const record of answer.users) {
      const user = toHelpdeskUser(record, providedIdField);
      if (user?.email === address) return user;
    }
    return undefined;
  }

  return {
    clientId,

    /**
     * Zendesk's authorization page: `GET {ZENDESK_URL}/oauth/authorizations/new` with `response_type=code`,
     * `redirect_uri`, `client_id`, `scope` and `state` ("Implementing an OAuth authorization flow in your
     * application", https://support.zendesk.com/hc/en-us/articles/4408845965210), plus `code_challenge` and
     * `code_challenge_method=S256` (https://developer.zendesk.com/documentation/api-basics/authentication/oauth-pkce).
     * No `login_hint`: neither page documents one, so the user types the address on Zendesk's page, and
     * completeHelpdeskSignIn checks that the user who signed in is the one the flow was for.
     */
    authorizationUrl(params: HelpdeskAuthorizationParams): string {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: params.redirectUri,
        scope: ZENDESK_SIGN_IN_SCOPE,
        state: params.state,
        code_challenge: params.codeChallenge,
        code_challenge_method: 'S256',
      });
      return `${baseUrl.replace(/\/+$/, '')}/oauth/authorizations/new?${query.toString()}`;
    },

    /**
     * `POST /oauth/tokens` with the JSON parameters `grant_type: "authorization_code"`, `code`, `client_id`,
     * `client_secret`, `redirect_uri`, `scope` (grant_type_tokens page: "an authorization code valid for 120
     * seconds") and `code_verifier` (oauth-pkce page, step 3); then `GET /api/v2/users/me.json` ("Show Self",
     * users page) with the new token. Not documented: the token endpoint's error body for a bad, used or
     * expired code or verifier (an RFC 6749 `invalid_grant`, 400 or 401): any 400 or 401 means the code is
     * not good, and the sign-in starts again.
     */
    async exchangeCode({ code, codeVerifier, redirectUri }: ExchangeCodeInput): Promise<HelpdeskUser> {
      let accessToken: string;
      try {
        const answer = await asUser.request({
          method: 'POST',
          path: '/oauth/tokens',
          body: {
            grant_type: 'authorization_code',
            code,
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uri: redirectUri,
            scope: ZENDESK_SIGN_IN_SCOPE,
            code_verifier: codeVerifier,
          },
          schema: userTokenAnswerSchema,
        });
        accessToken = answer.access_token;
      } catch (error) {
        if (error instanceof VendorError && (error.status === 400 || error.status === 401)) {
          throw new ServiceError('UNAUTHENTICATED', BAD_CODE_MESSAGE, { cause: error });
        }
        throw error;
      }
      const { user } = await asUser.request({
        method: 'GET',
        path: '/api/v2/users/me.json',
        headers: { authorization: `Bearer ${accessToken}` },
        schema: userAnswerSchema,
      });
      const signedIn = toHelpdeskUser(user, providedIdField);
      // A suspended user "cannot sign in to the end user portal" (users page, `suspended`); nor to ours.
      if (!signedIn || user.suspended === true) {
        throw new ServiceError('UNAUTHENTICATED', BAD_CODE_MESSAGE);
      }
      return signedIn;
    },

    /**
     * `POST /api/v2/users.json` with `{user: {name, email, role: "end-user", verified: true, user_fields}}`
     * ("Create User", users page: `verified` "If true, the user's primary identity is verified";
     * `user_fields` "Values of custom fields in the user's profile"). A duplicate address is a 422
     * (schemas.ts, `recordInvalidSchema`): CONFLICT.
     */
    async createUser(input: CreateHelpdeskUserInput): Promise<HelpdeskUser> {
      if (input.role !== 'customer') {
        // Agents are paid seats, added by a Zendesk admin; the portal's service token must not spend one. The
        // request is well formed but not the portal's to make, hence FORBIDDEN rather than INVALID_INPUT.
        throw new ServiceError(
          'FORBIDDEN',
          'Agents are added in Zendesk by an administrator; the portal does not create them.',
        );
      }
      const email = normalizeEmail(input.email);
      try {
        const { user } = await asPortal.request({
          method: 'POST',
          path: '/api/v2/users.json',
          body: {
            user: {
              name: input.name,
              email,
              role: 'end-user',
              verified: true,
              user_fields: { [providedIdField]: input.providedId },
            },
          },
          schema: userAnswerSchema,
        });
        const created = toHelpdeskUser(user, providedIdField);
        if (!created) throw new ServiceError('UNAVAILABLE', 'Zendesk created a user without an address.');
        return created;
      } catch (error) {
        if (isDuplicateEmail(error)) throw new ServiceError('CONFLICT', DUPLICATE_MESSAGE, { cause: error });
        throw error;
      }
    },

    findUser,
  };
}
