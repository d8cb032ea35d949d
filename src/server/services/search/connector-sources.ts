import { SIGN_IN_TO_READ } from '../../../common/contracts/search.js';
import type { Connectors } from '../../connectors/index.js';
import type { ConnectorSearchQuery } from '../../connectors/search-types.js';
import { TrackerGrantMissingError } from '../../connectors/tracker/grant-error.js';
import { can } from '../../../common/policies.js';
import type { KbHit, SearchSource, SearchSources, Searcher, SourcePage, SourceQuery } from './types.js';

/**
 * The sources of federated search, each a connector's search with what the portal decides applied: whose
 * requests a customer sees, and which article bodies a visitor may read. Which connector implementation runs
 * (built in or a vendor's) makes no difference here.
 */

type SearchConnectors = Pick<Connectors, 'knowledgeBase' | 'ticketDesk' | 'tracker' | 'docs' | 'community'>;

const connectorQuery = (query: SourceQuery): ConnectorSearchQuery => ({
  query: query.query,
  page: query.page,
  pageSize: query.pageSize,
  match: query.match,
  ...(query.partialBelow !== undefined ? { partialBelow: query.partialBelow } : {}),
  signal: query.signal,
});

/** A viewer who may not read protected articles gets the notice instead of their snippet (partial match too). */
function maskProtected(searcher: Searcher, page: SourcePage<KbHit>): SourcePage<KbHit> {
  if (can(searcher.actor, 'readProtectedArticles')) return page;
  const masked = (found: SourcePage<KbHit>): SourcePage<KbHit> => ({
    count: found.count,
    hits: found.hits.map((hit) => (hit.userSegmentId === null ? hit : { ...hit, snippet: SIGN_IN_TO_READ })),
  });
  return { ...masked(page), ...(page.partial ? { partial: masked(page.partial) } : {}) };
}

/** The knowledge base restricted to one category (the /docs search box). */
export function categorySource(connectors: SearchConnectors, categoryId: number): SearchSource<KbHit> {
  return {
    search: async (query) =>
      maskProtected(
        query.searcher,
        await connectors.knowledgeBase.searchArticles(connectorQuery(query), { categoryId }),
      ),
  };
}

export function connectorSources(connectors: SearchConnectors): SearchSources {
  const { knowledgeBase, ticketDesk, tracker, docs, community } = connectors;
  return {
    zendesk: {
      search: async (query) =>
        maskProtected(query.searcher, await knowledgeBase.searchArticles(connectorQuery(query))),
    },
    git: { search: (query) => docs.searchPages(connectorQuery(query)) },
    forumbee: { search: (query) => community.searchPosts(connectorQuery(query)) },
    // No email, no requests: an empty address matches no requester, never "all tickets".
    zendeskRequests: {
      search: (query) => ticketDesk.searchRequests(connectorQuery(query), query.searcher.email ?? ''),
    },
    zendeskTickets: { search: (query) => ticketDesk.searchTickets(connectorQuery(query)) },
    // Searched as the agent, with their own grant at the tracker.
    jiraIssues: {
      search: async (query) => {
        if (!query.searcher.userId) throw new TrackerGrantMissingError();
        return tracker.searchIssues(connectorQuery(query), query.searcher.userId);
      },
    },
  };
}
