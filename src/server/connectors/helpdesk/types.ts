import type { HelpdeskStartRequest } from '../../../common/contracts/auth.js';
import type { UserType } from '../../../common/users.js';
import type { ConnectorSearchQuery, SearchPage } from '../search-types.js';
import type { HelpdeskTicketDesk } from './ticket-types.js';

/**
 * The help desk (Zendesk in the vendor's deployment; a built-in one by default). The portal signs customers
 * (and, after the corporate sign-in, agents) in through the help desk's OAuth 2 authorization-code flow with
 * PKCE, and creates the help desk's user records at signup. Its knowledge base (Help Center) and tickets are
 * searched through it too. Nothing outside this folder knows which help desk
 * runs; vendor names stay in the wire format the spec fixes (`/zendeskInitAuth`, `/api/zendesk/...`).
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

export interface StartAuthorizationInput {
  /** The query of the authorization page, as the page received it. */
  params: HelpdeskStartRequest;
  /** The origin the page was served from; the only redirect URI registered for the portal is on it. */
  origin: string;
}

export interface StartAuthorizationResult {
  /** Opaque id of the pending request; the page sends it back with the code. */
  requestId: string;
  /** Where the code went, masked (`c******r@example.com`), for the page to show. */
  sentTo: string;
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

/** A knowledge-base article found by a search (Zendesk Help Center article). */
export interface KbHit {
  id: number;
  title: string;
  htmlUrl: string;
  /** Set when only signed-in users may read the article (Zendesk's user segment). */
  userSegmentId: number | null;
  sectionId: number | null;
  /** The section's name ('' when it has none). */
  section: string;
  updatedAt: Date;
  /** Highlighted HTML: only `<mark>`, see `markedSnippet`. */
  snippet: string;
}

/** A knowledge-base article whole, as the assistant reads it to point into one of its sections. */
export interface KbArticleBody {
  id: number;
  title: string;
  htmlUrl: string;
  /** Set when only signed-in users may read the article. */
  userSegmentId: number | null;
  /** The body as the help desk stores it: HTML whose section headings carry ids (`<h2 id>`, `<p id>`). */
  body: string;
}

/** A ticket found by a search: a request of its requester, or any ticket for an agent. */
export interface TicketHit {
  id: number;
  subject: string;
  status: string;
  /** Where it opens: the requester's view for a request, the agent console for a ticket. */
  url: string;
  snippet: string;
}

export interface HelpdeskConnector extends HelpdeskTicketDesk {
  /** The OAuth client id the portal is registered under at the help desk. */
  readonly clientId: string;

  /**
   * The URL of the help desk's authorization page for these parameters (response_type code, read scope); the
   * portal answers `/zendeskInitAuth` with a redirect there. Relative for the built-in help desk, which lives
   * on the portal's own origin.
   */
  authorizationUrl(params: HelpdeskAuthorizationParams): string;

  /**
   * Built-in help desk only (a vendor's help desk runs its own page): checks the page's OAuth parameters
   * against the registered client and redirect URI, records the request and emails a six-digit one-time code
   * to `login_hint`. Throws ServiceError INVALID_INPUT for parameters no registered client could have sent.
   * An address the help desk does not know gets the same answer and no mail, so the page reveals nothing.
   * Per address: the new code replaces any earlier one still pending, and past the {@link OneTimeCodeLimits}
   * nothing is sent and it throws RATE_LIMITED with a sentence for the page.
   */
  startAuthorization(input: StartAuthorizationInput): Promise<StartAuthorizationResult>;

  /**
   * Built-in help desk only: checks the one-time code of a request. A request accepts one correct code,
   * within 10 minutes, in at most 5 attempts (then it is dead). On success issues an authorization code
   * (single use, 60 seconds) and answers the redirect back to the portal: `<redirect path>?code=&state=`.
   * Throws UNAUTHENTICATED for a wrong code and INVALID_INPUT for a used, expired, replaced or exhausted
   * request, RATE_LIMITED once the address has had its wrong codes of the window.
   */
  verifyOneTimeCode(input: { requestId: string; code: string }): Promise<{ redirect: string }>;

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

  /** Knowledge-base articles, whole or of one category (the /docs search). Protected bodies are included. */
  searchArticles(query: ConnectorSearchQuery, scope?: { categoryId: number }): Promise<SearchPage<KbHit>>;

  /**
   * The whole bodies of these articles (ids of search hits), in no particular order; an id the help desk no
   * longer has is left out. Protected articles are included: who may read them is the caller's decision.
   */
  readArticles(ids: readonly number[]): Promise<KbArticleBody[]>;

  /** The requests of one requester (My Requests); an empty email finds nothing, never every ticket. */
  searchRequests(query: ConnectorSearchQuery, requesterEmail: string): Promise<SearchPage<TicketHit>>;

  /** Every ticket (agents). */
  searchTickets(query: ConnectorSearchQuery): Promise<SearchPage<TicketHit>>;
}
