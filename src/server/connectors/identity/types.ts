import type { ConnectorRoutes } from '../connector-routes.js';

/**
 * The corporate identity provider of agent sign-in (Microsoft Entra ID in the vendor's deployment; any
 * OpenID Connect provider works). Enabled only when `OIDC_ISSUER` is set; without it agents sign in with the
 * built-in credential form.
 */

/** Who the identity provider says signed in. */
export interface IdentityClaims {
  /** The issuer of the ID token (`iss`): with the subject, the account's stable identity. */
  issuer: string;
  /** The provider's stable subject identifier (`sub`), unique within the issuer. */
  subject: string;
  /** Lower-cased email address. */
  email: string;
  /**
   * The provider vouches that the address is the account's: `email_verified` is true for it, or the token
   * says nothing about it and the provider is configured as one whose addresses are verified
   * (OIDC_EMAILS_VERIFIED).
   */
  emailVerified: boolean;
  name: string;
  /** App roles assigned to the user or their groups (Entra's `roles`); empty when the token has none. */
  roles: string[];
  /**
   * Group object ids (`groups`), or 'overage' when the provider left them out for being too many and points at
   * its directory instead; empty when the token has none.
   */
  groups: string[] | 'overage';
  /** The tenant the account belongs to (Entra's `tid`); null from a provider without tenants. */
  tenantId: string | null;
  /**
   * The role the admin rule (OIDC_ADMIN_ROLE or OIDC_ADMIN_GROUP) gives this sign-in: 'admin' when the token
   * carries the role or group, else 'agent'. Null when no rule is set: the role on file stays as it is.
   */
  staffRole: StaffRole | null;
}

export type StaffRole = 'admin' | 'agent';

/** Who is an admin: the app role in `roles`, or the group object id in `groups` (env.ts allows one). */
export type AdminRule = { kind: 'role'; value: string } | { kind: 'group'; value: string } | null;

export interface IdentityAuthorizationParams {
  /** `<origin>/login/callback`. */
  redirectUri: string;
  state: string;
  nonce: string;
  /** PKCE S256 challenge. */
  codeChallenge: string;
}

export interface CompleteAuthorizationInput {
  /** `<origin>/login/callback` as sent in the authorization request. */
  redirectUri: string;
  /** The callback's query as the browser received it (code, state, iss...). */
  callbackParams: Record<string, string>;
  expectedState: string;
  expectedNonce: string;
  codeVerifier: string;
}

export interface IdentityConnector extends ConnectorRoutes {
  /** False when no provider is configured: the portal then offers no popup sign-in. */
  readonly enabled: boolean;

  /**
   * The provider's authorization URL (authorization code flow, scope `openid email profile`, PKCE S256, state
   * and nonce). The provider's metadata is discovered on first use and cached, so the portal starts while the
   * provider is down. Throws ServiceError UNAVAILABLE when it cannot be reached, NOT_FOUND when disabled.
   */
  authorizationUrl(params: IdentityAuthorizationParams): Promise<string>;

  /**
   * Redeems the callback's code at the token endpoint and validates the ID token: issuer, audience (our client
   * id), nonce, expiry, and the state and PKCE verifier of the flow. Throws UNAUTHENTICATED when anything is
   * off (the details go to the log), UNAVAILABLE when the provider cannot be reached.
   */
  completeAuthorization(input: CompleteAuthorizationInput): Promise<IdentityClaims>;
}
