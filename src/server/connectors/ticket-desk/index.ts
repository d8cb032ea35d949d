import type { Env } from '../../env.js';
import type { ConnectorShared } from '../shared.js';
import { createBuiltinTicketDesk } from './builtin/tickets.js';
import type { TicketDeskConnector } from './types.js';

/** The ticket desk this portal uses: the built-in help desk's until a vendor's joins here. */
export function createTicketDeskConnector(_env: Env, shared: ConnectorShared): TicketDeskConnector {
  return createBuiltinTicketDesk({ db: shared.db, fullText: shared.fullText });
}
