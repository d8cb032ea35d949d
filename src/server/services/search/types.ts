import type { SourceKey } from '../../../common/contracts/search.js';
import type { CommunityHit } from '../../connectors/community/types.js';
import type { DocsHit } from '../../connectors/docs/types.js';
import type { KbHit } from '../../connectors/knowledge-base/types.js';
import type { TicketHit } from '../../connectors/ticket-desk/types.js';
import type { SearchPage } from '../../connectors/search-types.js';
import type { IssueHit } from '../../connectors/tracker/types.js';
import type { Actor } from '../../../common/policies.js';

export type { CommunityHit, DocsHit, IssueHit, KbHit, TicketHit };

/**
 * Domain types of federated search. A source answers hits in our own terms (the hit types of the connectors); presenters/search.ts maps them
 * to the wire format of spec section 3. Snippets are already highlighted HTML (only `<mark>`, see
 * `markedSnippet`).
 */

export type MatchMode = 'all' | 'any';

/** Who searches: the policy actor plus what scoping needs (their own requests). */
export interface Searcher {
  /** Null for an anonymous visitor. */
  actor: Actor | null;
  userId: string | null;
  /** Lower-cased; the help desk keys requesters by email. */
  email: string | null;
}

export interface SourceHits {
  zendesk: KbHit;
  git: DocsHit;
  forumbee: CommunityHit;
  zendeskRequests: TicketHit;
  zendeskTickets: TicketHit;
  jiraIssues: IssueHit;
}

export interface SourceQuery {
  query: string;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Every word (`all`) or the partial match (`any`, see ConnectorSearchQuery). */
  match: MatchMode;
  /** With `all`: the partial match may come with the page below this many matches (ConnectorSearchQuery). */
  partialBelow?: number;
  searcher: Searcher;
  /** Aborted when the search stopped waiting (timeout); a source may stop its work then. */
  signal: AbortSignal;
}

/** One page of a source's hits and its capped count. */
export type SourcePage<Hit> = SearchPage<Hit>;

/**
 * One searchable system, as federated search sees it: a connector's search with the searcher's scope applied
 * (connector-sources.ts). buildApp accepts replacements (tests register a slow or failing one).
 */
export interface SearchSource<Hit> {
  search(query: SourceQuery): Promise<SourcePage<Hit>>;
}

export type SearchSources = { [K in SourceKey]: SearchSource<SourceHits[K]> };
