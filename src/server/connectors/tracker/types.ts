import type { ConnectorRoutes } from '../connector-routes.js';
import type { ConnectorSearchQuery, SearchPage } from '../search-types.js';

/**
 * The ticketing system and defect tracker (Jira in the vendor's deployment; a built-in one by default). After
 * signing in, agents authorize the portal at the tracker (OAuth 2 authorization code with PKCE) so that their
 * searches may read its issues: `/jiraAuth` starts it, `/code` receives the answer. Its issues (defects) are
 * searched through it.
 */

export interface TrackerAuthorizationParams {
  /** `<origin>/code`. */
  redirectUri: string;
  state: string;
  codeChallenge: string;
}

/** A tracker issue (a defect) found by a search. */
export interface IssueHit {
  id: number;
  /** Project key and number, e.g. `NET-1042`. */
  key: string;
  summary: string;
  status: string;
  snippet: string;
}

export interface TrackerConnector extends ConnectorRoutes {
  /** The OAuth client id the portal is registered under at the tracker. */
  readonly clientId: string;

  /** The tracker's authorization URL for these parameters; `/jiraAuth` redirects there. */
  authorizationUrl(params: TrackerAuthorizationParams): string;

  /**
   * Trades a code for the tracker account it was issued to (the portal user id, for the built-in tracker).
   * Throws UNAUTHENTICATED for a used, expired or unknown code, or a wrong verifier or redirect URI.
   */
  exchangeCode(input: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<{ userId: string }>;

  /** Issues matching a query (agents). */
  searchIssues(query: ConnectorSearchQuery): Promise<SearchPage<IssueHit>>;
}
