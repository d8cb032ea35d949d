import type { ConnectorRoutes } from '../connector-routes.js';
import type { ConnectorSearchQuery, SearchPage } from '../search-types.js';

/**
 * The ticketing system and defect tracker (Jira in the vendor's deployment; a built-in one by default). After
 * signing in, agents authorize the portal at the tracker (OAuth 2 authorization code; with PKCE where the
 * tracker has it, which Jira's 3LO does not) so that their searches may read its issues: `/jiraAuth` starts it,
 * `/code` receives the answer. Its issues (defects) are searched through it, as the searching agent: each
 * agent's grant is kept by the connector.
 */

export interface TrackerAuthorizationParams {
  /** `<origin>/code`. */
  redirectUri: string;
  state: string;
  /** S256 of the flow's verifier; a tracker without PKCE (Jira 3LO) leaves it out of its URL. */
  codeChallenge: string;
}

/** The tracker account a grant is for. */
export interface TrackerAccount {
  /** The tracker's id of the account (Jira's `account_id`; the portal user id for the built-in tracker). */
  accountId: string;
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

/** A tracker issue as a ticket it is linked to shows it. */
export interface LinkedIssue {
  /** Project key and number, upper case: `NET-1008`. */
  key: string;
  summary: string;
  status: string;
}

export interface TrackerConnector extends ConnectorRoutes {
  /** The OAuth client id the portal is registered under at the tracker. */
  readonly clientId: string;

  /** The tracker's authorization URL for these parameters; `/jiraAuth` redirects there. */
  authorizationUrl(params: TrackerAuthorizationParams): string;

  /**
   * Trades a code for a grant of portal user `userId` and keeps the grant (a vendor's tokens, stored for that
   * user), answering the tracker account it is for. Throws UNAUTHENTICATED for a used, expired or unknown
   * code, a wrong verifier or redirect URI, or a code issued to someone else.
   */
  exchangeCode(input: {
    userId: string;
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<TrackerAccount>;

  /**
   * Issues matching a query, searched with the grant of agent `agentId` (a portal user id). Throws
   * `TrackerGrantMissingError` (`grant-error.ts`) when the agent has no live grant.
   */
  searchIssues(query: ConnectorSearchQuery, agentId: string): Promise<SearchPage<IssueHit>>;

  /** Where an agent opens the issue of this key (Jira's `/browse/KEY`). */
  issueUrl(key: string): string;

  /**
   * The issues of these keys that agent `agentId` may read, each with its current status; a key the tracker
   * does not know is left out. Throws `TrackerGrantMissingError` when the agent has no live grant.
   */
  issuesByKey(keys: readonly string[], agentId: string): Promise<LinkedIssue[]>;
}
