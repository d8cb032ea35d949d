import type { UserType } from '../../../common/users.js';
import type { ConnectorRoutes } from '../connector-routes.js';

/**
 * The help desk (Zendesk in the vendor's deployment; a built-in one by default). The portal signs customers
 * (and, after the corporate sign-in, agents) in through the help desk's OAuth 2 authorization-code flow with
 * PKCE, and creates the help desk's user records at signup. Its knowledge base (`knowledge-base/`) and its
 * tickets (`ticket-desk/`) are connector kinds of their own, so each can come from a vendor or the built-in
 * apart. Nothing outside `connectors/` knows which help desk runs; vendor names stay in the wire format the spec fixes (`/zendeskInitAuth`, `/api/zendesk/...`).
 */

/** The help desk knows customers and agents (end users and staff); the portal's admins are its agents. */
export type HelpdeskRole = UserType;

/** A user record of the help desk, in our own terms. */
export interface HelpdeskUser {
  /** Lower-cased; the help desk's login name. */
  email: string;
  name: string;
  role: HelpdeskRole;
  providedId: string | null;
}

/** The OAuth parameters the portal opens the help desk's authorization page with. */
export interface HelpdeskAuthorizationParams {
  /** Absolute URI the help desk sends the browser back to: `<origin>/zendeskAuth`. */
  redirectUri: string;
  /** At least 128 random bits; the portal checks it on the way back against the flow cookie's. */
  state: string;
  /** PKCE S256 challenge of the verifier kept in the portal's auth flow. */
  codeChallenge: string;
  role: HelpdeskRole;
  /** The email the user signs in with; the help desk sends its one-time code there. */
  loginHint: string;
}

export interface ExchangeCodeInput {
  code: string;
  /** The PKCE verifier whose S256 challenge the authorization was started with. */
  codeVerifier: string;
  /** Must equal the redirect URI of the authorization (RFC 6749 section 4.1.3). */
  redirectUri: string;
}

export interface CreateHelpdeskUserInput {
  email: string;
  name: string;
  role: HelpdeskRole;
  providedId: string | null;
}

export interface HelpdeskConnector extends ConnectorRoutes {
  /** The OAuth client id the portal is registered under at the help desk. */
  readonly clientId: string;

  /**
   * The URL of the help desk's authorization page for these parameters (response_type code, read scope); the
   * portal answers `/zendeskInitAuth` with a redirect there. Relative for the built-in help desk, which lives
   * on the portal's own origin.
   */
  authorizationUrl(params: HelpdeskAuthorizationParams): string;

  /**
   * The token request of the flow: trades an authorization code for the signed-in help-desk user. The code
   * works once; the verifier must match its PKCE challenge and the redirect URI and client its own.
   * Throws UNAUTHENTICATED otherwise.
   */
  exchangeCode(input: ExchangeCodeInput): Promise<HelpdeskUser>;

  /** Creates the help desk's record of a user. Throws CONFLICT when the email already has one. */
  createUser(input: CreateHelpdeskUserInput): Promise<HelpdeskUser>;

  /** The help desk's record of an email (any case), or undefined. */
  findUser(email: string): Promise<HelpdeskUser | undefined>;
}
