import type { SourceKey } from '../../../common/contracts/search.js';
import type { Actor } from '../../policies/index.js';

/**
 * Domain types of federated search. A source answers hits in our own terms; presenters/search.ts maps them
 * to the wire format of spec section 3. Snippets are already highlighted HTML (only `<mark>`, see
 * `markedSnippet`).
 */

/** Who searches: the policy actor plus what scoping needs (their own requests). */
export interface Searcher {
  /** Null for an anonymous visitor. */
  actor: Actor | null;
  userId: string | null;
  /** Lower-cased; the help desk keys requesters by email. */
  email: string | null;
}

export interface KbHit {
  id: number;
  title: string;
  htmlUrl: string;
  userSegmentId: number | null;
  sectionId: number | null;
  snippet: string;
}

export interface DocsHit {
  id: number;
  title: string;
  domain: string;
  path: string;
  snippet: string;
}

export interface CommunityHit {
  id: number;
  title: string;
  url: string;
  snippet: string;
}

export interface TicketHit {
  id: number;
  subject: string;
  status: string;
  url: string;
  snippet: string;
}

export interface IssueHit {
  id: number;
  key: string;
  summary: string;
  status: string;
  snippet: string;
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
  searcher: Searcher;
  /** Aborted when the search stopped waiting (timeout); a source may stop its work then. */
  signal: AbortSignal;
}

export interface SourcePage<Hit> {
  /** Matches in all, capped at SEARCH_COUNT_CAP. */
  count: number;
  hits: Hit[];
}

/** One searchable system. Sources are pluggable: buildApp accepts replacements (tests register a slow one). */
export interface SearchSource<Hit> {
  search(query: SourceQuery): Promise<SourcePage<Hit>>;
}

export type SearchSources = { [K in SourceKey]: SearchSource<SourceHits[K]> };
