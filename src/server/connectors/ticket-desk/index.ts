import type { Env } from '../../env.js';
import type { ConnectorShared } from '../shared.js';
import { createBuiltinTicketDesk } from './builtin/tickets.js';
import type { TicketDeskConnector } from './types.js';
import { createZendeskTicketDesk } from './zendesk/tickets.js';

/**
 * The ticket desk this portal uses: Zendesk Support when the Zendesk group is set and ZENDESK_TICKETS=on (the
 * settings refuse it without the ticket fields), else the built-in help desk's.
 */
export function createTicketDeskConnector(env: Env, shared: ConnectorShared): TicketDeskConnector {
  const { ZENDESK_URL, ZENDESK_CLIENT_ID, ZENDESK_CLIENT_SECRET } = env;
  const { ZENDESK_TICKETS, ZENDESK_TICKET_TYPE_FIELD, ZENDESK_TICKET_RELEASE_FIELD } = env;
  const { ZENDESK_TICKET_PROVIDED_ID_FIELD } = env;
  if (
    ZENDESK_URL &&
    ZENDESK_CLIENT_ID &&
    ZENDESK_CLIENT_SECRET &&
    ZENDESK_TICKETS === 'on' &&
    ZENDESK_TICKET_TYPE_FIELD &&
    ZENDESK_TICKET_RELEASE_FIELD &&
    ZENDESK_TICKET_PROVIDED_ID_FIELD
  ) {
    return createZendeskTicketDesk({
      baseUrl: ZENDESK_URL,
      clientId: ZENDESK_CLIENT_ID,
      clientSecret: ZENDESK_CLIENT_SECRET,
      fields: {
        type: Number(ZENDESK_TICKET_TYPE_FIELD),
        release: Number(ZENDESK_TICKET_RELEASE_FIELD),
        providedId: Number(ZENDESK_TICKET_PROVIDED_ID_FIELD),
      },
      db: shared.db,
      log: shared.log,
      searchBudgetMs: env.SEARCH_SOURCE_TIMEOUT_MS,
      callBudgetMs: env.REQUEST_DEADLINE_MS,
      webhookSecret: env.ZENDESK_WEBHOOK_SECRET,
      pollIntervalMs: env.ZENDESK_TICKET_POLL_SECONDS * 1000,
    });
  }
  return createBuiltinTicketDesk({ db: shared.db, fullText: shared.fullText });
}
