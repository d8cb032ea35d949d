import type { SearchJump } from '../../../common/contracts/search.js';
import { can } from '../../../common/policies.js';
import { ticketUrl } from '../../../common/tickets.js';
import { namedItemOf, parseQuery } from '../../lib/fulltext/query-terms.js';
import type { FederatedResult } from './federated-search.js';
import type { Searcher } from './types.js';

/**
 * Where a search of a ticket number or an issue key alone (`32`, `#32`, `NET-1008`) goes: straight to that
 * ticket or issue, when the searcher may see it, and nowhere otherwise, so that the answer tells a searcher
 * who may not see it nothing about it.
 */

/** The ticket with this number if the searcher may open it (the ticket scope decides), else null. */
export type VisibleTicket = (searcher: Searcher, id: number) => Promise<{ subject: string } | null>;

export async function jumpOf(
  query: string,
  searcher: Searcher,
  result: Pick<FederatedResult, 'groups'>,
  visibleTicket: VisibleTicket,
): Promise<SearchJump | undefined> {
  const item = namedItemOf(parseQuery(query));
  if (!item) return undefined;
  if (item.kind === 'ticket') {
    const ticket = await visibleTicket(searcher, item.id);
    if (!ticket) return undefined;
    return {
      source: can(searcher.actor, 'searchTickets') ? 'zendeskTickets' : 'zendeskRequests',
      id: item.id,
      label: `#${item.id} ${ticket.subject}`,
      url: ticketUrl(item.id),
    };
  }
  // Issues are read with the agent's own grant at the tracker: found by their search, or not at all.
  const issue = result.groups.jiraIssues?.hits.find((hit) => hit.key.toUpperCase() === item.key);
  return issue ? { source: 'jiraIssues', id: issue.id, label: `${issue.key} ${issue.summary}` } : undefined;
}
