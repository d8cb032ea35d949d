import { apiPaths } from './api-paths.js';
import type { Action } from './policies.js';

/**
 * The constants of federated search that pages need to render (source keys and labels, page size), apart from
 * the zod contracts in `contracts/search.ts`: a page whose data came with the server render then loads no
 * validator at all. `contracts/search.ts` re-exports all of them.
 */

/** Results per page of every source (spec section 9). */
export const SEARCH_PAGE_SIZE = 10;
/**
 * A source stops counting matches here (the server's default SEARCH_CANDIDATE_LIMIT, the matches it ranks):
 * counting and ranking then read the same rows, in one statement, and a common word costs no more than a rare
 * one. A count at the cap is shown as "200+".
 */
export const SEARCH_COUNT_CAP = 200;

/** A count as shown: "200+" at the cap, where counting stopped. */
export function countLabel(count: number): string {
  return count >= SEARCH_COUNT_CAP ? `${SEARCH_COUNT_CAP}+` : String(count);
}
/** Highest page any paged call serves. */
export const SEARCH_MAX_PAGE = 100;
/** Snippet of a protected article for someone not signed in. */
export const SIGN_IN_TO_READ = 'Sign in to read this article.';

export const SOURCE_KEYS = [
  'zendesk',
  'git',
  'forumbee',
  'zendeskRequests',
  'zendeskTickets',
  'jiraIssues',
] as const;
export type SourceKey = (typeof SOURCE_KEYS)[number];

export function isSourceKey(value: string): value is SourceKey {
  return (SOURCE_KEYS as readonly string[]).includes(value);
}

/** The policy action that lets a user see each source (policies.ts): the server searches, the web offers, these. */
export const SOURCE_ACTIONS: Record<SourceKey, Action> = {
  zendesk: 'searchPublicContent',
  git: 'searchPublicContent',
  forumbee: 'searchPublicContent',
  zendeskRequests: 'searchRequests',
  zendeskTickets: 'searchTickets',
  jiraIssues: 'searchTickets',
};

/** What the search page calls each source (chips, filter, '0 results found in {source}'). */
export const SOURCE_LABELS: Record<SourceKey, string> = {
  zendesk: 'Knowledge Base',
  git: 'Documentation',
  forumbee: 'Community',
  zendeskRequests: 'My Requests',
  zendeskTickets: 'Tickets',
  jiraIssues: 'Jira',
};

/** Where a documentation page opens: its page on the documentation site. */
export const docsPageUrl = (domain: string, pagePath: string): string => `https://${domain}${pagePath}`;

/** The paged call of each source (spec section 7), one page of 10. */
export const PAGED_SEARCH_PATHS: Record<SourceKey, string> = apiPaths.pagedSearch;

/** The sources everyone may search: knowledge base, documentation and community (what the assistant reads). */
export const PUBLIC_CONTENT_SOURCES = ['zendesk', 'git', 'forumbee'] as const satisfies readonly SourceKey[];
export type PublicContentSource = (typeof PUBLIC_CONTENT_SOURCES)[number];

/** The titles the search boxes suggest as the user types: the best few of the public sources. */
export const SUGGESTION_SOURCES = PUBLIC_CONTENT_SOURCES;
export const MAX_SUGGESTIONS = 6;
