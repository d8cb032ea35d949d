import { createHash, randomBytes } from 'node:crypto';
import type { FakeRequest } from '../harness';

/**
 * The fake's OAuth server: registered clients, the tokens it issued, and `POST /oauth/tokens`.
 *
 * Zendesk's token endpoint takes its parameters "formatted as JSON" (`grant_type`, `client_id` = the client's
 * Unique Identifier, `client_secret`, `scope` as space-separated values)
 * (https://developer.zendesk.com/api-reference/ticketing/oauth/grant_type_tokens/). The client credentials grant is
 * for confidential clients: "pass a valid client_secret parameter to the /oauth/tokens endpoint using
 * grant_type: client_credentials" (https://support.zendesk.com/hc/en-us/articles/4408845965210 and its
 * announcement https://support.zendesk.com/hc/en-us/articles/8983332483226).
 *
 * Grants are looked up by name in `grants`: client_credentials, authorization_code and refresh_token.
 *
 * The authorization-code grant: "an authorization code valid for 120 seconds" (grant_type_tokens page), with
 * `code`, `redirect_uri` and, with PKCE, `code_verifier` checked against the S256 `code_challenge` of the
 * authorization (https://developer.zendesk.com/documentation/api-basics/authentication/oauth-pkce). The
 * refresh-token grant "returns a new access token and refresh token while invalidating the previous access and
 * refresh tokens" (grant_type_tokens page, "Refresh token grant type"). Not documented, and so the fake's
 * choice: a code is burnt by any redemption with its own client, right or wrong, as RFC 6749 section 4.1.2
 * asks of a code used twice.
 */

/** Who a token acts as: the Help Center shows an agent or admin everything, an end user only what is theirs. */
export type TokenRole = 'admin' | 'agent' | 'end-user';

export interface ZendeskOAuthClient {
  /** The client's Unique Identifier (the `client_id`). */
  identifier: string;
  secret: string;
  kind: 'confidential' | 'public';
  /** Whom its client-credentials tokens act as (the admin who created the client, unless a test says otherwise). */
  role: TokenRole;
  /** The redirect URLs registered with it: the authorization page refuses any other. */
  redirectUris?: readonly string[];
}

export interface IssuedToken {
  accessToken: string;
  clientId: string;
  scope: string;
  role: TokenRole;
  /** The Zendesk user it acts as (authorization-code tokens); undefined for a client-credentials token. */
  userId: number | undefined;
  /** Its refresh token (authorization-code and refresh grants only). */
  refreshToken: string | undefined;
  /** On the fake's clock; undefined: it does not expire. */
  expiresAt: number | undefined;
  revoked: boolean;
}

/** A code the authorization page issued, until redeemed or expired. */
export interface AuthorizationCode {
  code: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  codeChallenge: string | undefined;
  userId: number;
  role: TokenRole;
  /** On the fake's clock. */
  expiresAt: number;
  used: boolean;
}

/** Lifetime of an authorization code: "valid for 120 seconds" (grant_type_tokens page). */
export const AUTHORIZATION_CODE_TTL_MS = 120_000;

/** The client the fake knows unless told otherwise (no real account has it). */
export const ZENDESK_FAKE_CLIENT: ZendeskOAuthClient = {
  identifier: 'support_portal_fake',
  secret: 'fake-zendesk-client-secret-for-tests-only',
  kind: 'confidential',
  role: 'admin',
  // The portal's callback as `app.inject` sees its origin; a test adds others (`registerRedirectUri`).
  redirectUris: ['http://localhost/zendeskAuth'],
};

/** An OAuth error answer: RFC 6749 section 5.2 (`error`, `error_description`). */
export interface OAuthErrorReply {
  status: number;
  body: { error: string; error_description: string };
}

/*
 * Not documented by Zendesk: the exact error bodies of /oauth/tokens. Zendesk's 401 to a bad token carries
 * Doorkeeper's wording ("The access token provided is expired, revoked, malformed or invalid for other
 * reasons.", seen in https://github.com/zendesk/zendesk_api_client_rb/issues/297 and
 * https://github.com/facetoe/zenpy/issues/463), so the token endpoint's errors follow the same library's
 * RFC 6749 answers: 401 `invalid_client`, 400 `unsupported_grant_type` and `invalid_request`.
 */
export const oauthErrors = {
  invalidClient: {
    status: 401,
    body: {
      error: 'invalid_client',
      error_description:
        'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
    },
  },
  unsupportedGrant: {
    status: 400,
    body: {
      error: 'unsupported_grant_type',
      error_description: 'The authorization grant type is not supported by the authorization server.',
    },
  },
  /*
   * A code that is unknown, used, expired, issued to another client or for another redirect URI, or whose
   * PKCE verifier does not match; a dead refresh token. Doorkeeper's RFC 6749 wording (not documented by
   * Zendesk, as above).
   */
  invalidGrant: {
    status: 400,
    body: {
      error: 'invalid_grant',
      error_description:
        'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
    },
  },
  invalidRequest: {
    status: 400,
    body: {
      error: 'invalid_request',
      error_description:
        'The request is missing a required parameter, includes an unsupported parameter value, or is otherwise malformed.',
    },
  },
} satisfies Record<string, OAuthErrorReply>;

/** The 401 body of an API call with a bad, expired or revoked token (the issues cited above). */
export const INVALID_TOKEN_BODY = {
  error: 'invalid_token',
  error_description: 'The access token provided is expired, revoked, malformed or invalid for other reasons.',
};

export type TokenAnswer =
  | {
      ok: true;
      body: {
        access_token: string;
        token_type: 'bearer';
        scope: string;
        expires_in?: number;
        refresh_token?: string;
      };
    }
  | { ok: false; reply: OAuthErrorReply };

/** Whom a token acts as: the client's admin, or a user who granted access. */
interface TokenSubject {
  role: TokenRole;
  userId: number | undefined;
  /** Whether it comes with a refresh token. */
  refreshable: boolean;
}

interface GrantContext {
  params: Record<string, unknown>;
  client: ZendeskOAuthClient;
  issue: (scope: string, subject?: TokenSubject) => TokenAnswer;
}

type Grant = (context: GrantContext) => TokenAnswer;

export interface OAuthServerOptions {
  clients: readonly ZendeskOAuthClient[];
  /** Lifetime of the tokens it issues, in seconds; undefined: they do not expire and no `expires_in` is sent. */
  tokenLifetimeSeconds: number | undefined;
  now: () => number;
}

export interface OAuthServer {
  clients: Map<string, ZendeskOAuthClient>;
  tokens: Map<string, IssuedToken>;
  codes: Map<string, AuthorizationCode>;
  /** A code for a user who pressed Allow on the authorization page. */
  issueCode(input: Omit<AuthorizationCode, 'code' | 'expiresAt' | 'used'>): string;
  /** Answers `POST /oauth/tokens`. */
  token(request: FakeRequest): TokenAnswer;
  /** The live token a `Authorization: Bearer` header carries, or why not. */
  authenticate(header: string | undefined): IssuedToken | 'anonymous' | 'invalid' | 'expired' | 'revoked';
  revokeAll(): void;
  setTokenLifetime(seconds: number | undefined): void;
}

function readParams(body: Buffer): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function createOAuthServer(options: OAuthServerOptions): OAuthServer {
  const clients = new Map(options.clients.map((client) => [client.identifier, client]));
  const tokens = new Map<string, IssuedToken>();
  const codes = new Map<string, AuthorizationCode>();
  let lifetime = options.tokenLifetimeSeconds;
  const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  const refused = (reply: OAuthErrorReply): TokenAnswer => ({ ok: false, reply });

  const grants: Record<string, Grant> = {
    // Confidential clients only (the support article above); the token acts as the client's admin.
    client_credentials: ({ client, params, issue }) => {
      if (client.kind !== 'confidential') return { ok: false, reply: oauthErrors.invalidClient };
      return issue(typeof params.scope === 'string' && params.scope !== '' ? params.scope : 'read');
    },
    authorization_code: ({ client, params, issue }) => {
      const presented = text(params.code);
      const code = presented === undefined ? undefined : codes.get(presented);
      if (!code || code.clientId !== client.identifier) return refused(oauthErrors.invalidGrant);
      const fresh = !code.used && options.now() < code.expiresAt;
      code.used = true;
      if (!fresh || text(params.redirect_uri) !== code.redirectUri) return refused(oauthErrors.invalidGrant);
      if (code.codeChallenge !== undefined) {
        const verifier = text(params.code_verifier);
        const challenge =
          verifier === undefined ? undefined : createHash('sha256').update(verifier).digest('base64url');
        if (challenge !== code.codeChallenge) return refused(oauthErrors.invalidGrant);
      } else if (client.kind === 'public') {
        // "These clients must use PKCE" (OAuth client types, support article 4408845965210).
        return refused(oauthErrors.invalidGrant);
      }
      return issue(code.scope, { role: code.role, userId: code.userId, refreshable: true });
    },
    refresh_token: ({ client, params, issue }) => {
      const presented = text(params.refresh_token);
      const old = [...tokens.values()].find(
        (token) => presented !== undefined && token.refreshToken === presented,
      );
      if (!old || old.revoked || old.clientId !== client.identifier) return refused(oauthErrors.invalidGrant);
      // Rotation: the old access and refresh tokens die with this answer.
      old.revoked = true;
      return issue(old.scope, { role: old.role, userId: old.userId, refreshable: true });
    },
  };

  return {
    clients,
    tokens,
    codes,
    issueCode(input) {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { ...input, code, expiresAt: options.now() + AUTHORIZATION_CODE_TTL_MS, used: false });
      return code;
    },
    token(request) {
      const params = readParams(request.body);
      if (!params) return { ok: false, reply: oauthErrors.invalidRequest };
      const grantType = typeof params.grant_type === 'string' ? params.grant_type : '';
      request.entry.outcome.grant = grantType || 'none';
      const grant = grants[grantType];
      if (!grant) return { ok: false, reply: oauthErrors.unsupportedGrant };
      const client = typeof params.client_id === 'string' ? clients.get(params.client_id) : undefined;
      // A public client has no secret to send; it proves itself by PKCE (authorization_code above).
      const authenticated =
        client !== undefined &&
        (client.kind === 'public'
          ? params.client_secret === undefined
          : params.client_secret === client.secret);
      if (!client || !authenticated) return { ok: false, reply: oauthErrors.invalidClient };
      return grant({
        params,
        client,
        issue: (scope, subject) => {
          const accessToken = randomBytes(24).toString('hex');
          const refreshToken = subject?.refreshable ? randomBytes(24).toString('hex') : undefined;
          tokens.set(accessToken, {
            accessToken,
            clientId: client.identifier,
            scope,
            role: subject?.role ?? client.role,
            userId: subject?.userId,
            refreshToken,
            expiresAt: lifetime === undefined ? undefined : options.now() + lifetime * 1000,
            revoked: false,
          });
          return {
            ok: true,
            body: {
              access_token: accessToken,
              token_type: 'bearer',
              scope,
              ...(lifetime === undefined ? {} : { expires_in: lifetime }),
              ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
            },
          };
        },
      });
    },
    authenticate(header) {
      if (header === undefined || header === '') return 'anonymous';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      const token = match?.[1] === undefined ? undefined : tokens.get(match[1]);
      if (!token) return 'invalid';
      if (token.revoked) return 'revoked';
      if (token.expiresAt !== undefined && options.now() >= token.expiresAt) return 'expired';
      return token;
    },
    revokeAll() {
      for (const token of tokens.values()) token.revoked = true;
    },
    setTokenLifetime(seconds) {
      lifetime = seconds;
    },
  };
}
