import type { FullTextOptions } from '../../lib/fulltext/fulltext-search.js';
import type { Database } from '../../db/client.js';
import { createBuiltinTicketDesk } from './builtin/tickets.js';
import type { TicketDeskConnector } from './types.js';

/** The ticket desk this portal uses: the built-in help desk's until a vendor's joins here. */
export function createTicketDeskConnector(options: {
  db: Database;
  fullText: FullTextOptions;
}): TicketDeskConnector {
  return createBuiltinTicketDesk(options);
}
