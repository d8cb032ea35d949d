import { SEARCH_COUNT_CAP } from '../../../../common/search-sources.js';
import { cutSnippet, SNIPPET_LENGTH } from '../../../../common/snippet.js';
import { emailSearchQuery } from '../../helpdesk/zendesk/user-records.js';
import type { ConnectorSearchQuery, SearchPage } from '../../search-types.js';
import type { VendorHttp } from '../../vendor-http.js';
import type { TicketDeskConnector, TicketHit } from '../types.js';
import { searchAnswerSchema, searchCountSchema } from './schemas.js';

/**
 * My Requests and Tickets on Zendesk's Search API
 * (https://developer.zendesk.com/api-reference/ticketing/ticket-management/search/):
 * `GET /api/v2/search.json?query=type:ticket …&sort_by=updated_at&sort_order=desc&page&per_page` and
 * `GET /api/v2/search/count.json?query=`. Offset paging only (`page[size]` answers 400, community post
 * https://support.zendesk.com/hc/en-us/community/posts/5981990015514); "up to 1,000 results per query, with a
 * maximum of 100 results per page ... page=11 at 100 results per page, a 422": a page past the 1,000th result is
 * never asked for, and its count comes from `search/count.json` ("The count property shows the actual number of
 * results"). Hits link to Zendesk, never to the API URL the results carry: a requester's request at
 * `{ZENDESK_URL}/hc/requests/{id}`, a ticket in the agent console at `{ZENDESK_URL}/agent/tickets/{id}`.
 */

export const SEARCH_MAX_RESULTS = 1000;
export const SEARCH_MAX_PER_PAGE = 100;

/**
 * The words of what the user typed, each a plain term: nothing typed can become a Zendesk operator
 * (`requester:`, `-`, quotes), so a requester's search never leaves their own requests.
 */
export function searchWords(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Whether a request's own text (subject and description) holds every word: an internal note never counts. */
const holdsWords = (words: readonly string[], subject: string, description: string) => {
  const text = `${subject} ${description}`.toLowerCase();
  return words.every((word) => text.includes(word.toLowerCase()));
};

export function createZendeskTicketSearch(options: {
  http: VendorHttp;
  baseUrl: string;
}): Pick<TicketDeskConnector, 'searchRequests' | 'searchTickets'> {
  const origin = options.baseUrl.replace(/\/+$/, '');

  async function search(
    query: ConnectorSearchQuery,
    filters: string[],
    link: (id: number) => string,
    requester: boolean,
  ): Promise<SearchPage<TicketHit>> {
    const words = searchWords(query.query);
    if (words.length === 0) return { count: 0, hits: [] };
    const zendeskQuery = ['type:ticket', ...filters, ...words].join(' ');
    const perPage = Math.min(Math.max(1, query.pageSize), SEARCH_MAX_PER_PAGE);
    const call = { signal: query.signal };
    if ((query.page - 1) * perPage >= SEARCH_MAX_RESULTS) {
      const { count } = await options.http.request({
        path: '/api/v2/search/count.json',
        query: { query: zendeskQuery },
        schema: searchCountSchema,
        ...call,
      });
      return { count: Math.min(count, SEARCH_COUNT_CAP), hits: [] };
    }
    const answer = await options.http.request({
      path: '/api/v2/search.json',
      query: {
        query: zendeskQuery,
        sort_by: 'updated_at',
        sort_order: 'desc',
        page: query.page,
        per_page: perPage,
      },
      schema: searchAnswerSchema,
      ...call,
    });
    const tickets = answer.results.filter((result) => result.result_type === 'ticket');
    // Zendesk matches a ticket's notes too (the portal searches as an admin): a requester's hits keep only the
    // requests whose own words match, and the count drops the ones left out on this page.
    const kept = requester
      ? tickets.filter((ticket) => holdsWords(words, ticket.subject ?? '', ticket.description ?? ''))
      : tickets;
    return {
      count: Math.min(answer.count - (tickets.length - kept.length), SEARCH_COUNT_CAP),
      hits: kept.map((ticket) => ({
        id: ticket.id,
        subject: ticket.subject ?? '',
        status: ticket.status,
        url: link(ticket.id),
        snippet: cutSnippet(ticket.description ?? '', SNIPPET_LENGTH),
      })),
    };
  }

  return {
    searchRequests: (query, requesterEmail) =>
      requesterEmail.trim() === ''
        ? Promise.resolve({ count: 0, hits: [] })
        : search(
            query,
            [emailSearchQuery(requesterEmail).replace(/^email:/, 'requester:')],
            (id) => `${origin}/hc/requests/${id}`,
            true,
          ),
    searchTickets: (query) => search(query, [], (id) => `${origin}/agent/tickets/${id}`, false),
  };
}
