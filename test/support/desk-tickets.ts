import type { CreateTicketInput } from '../../src/server/connectors/ticket-desk/types.js';

/**
 * What a ticket desk's `createTicket` is given, with the defaults a test does not care about: a P2 technical
 * query about 8.1 from a customer of no organisation, made now, with no due time and no assistant conversation.
 */
export const deskTicketInput = (
  overrides: Partial<CreateTicketInput> & { requesterEmail: string },
): CreateTicketInput => ({
  subject: 'Gateway tunnel down after upgrade',
  description: 'Since the upgrade the tunnel between the transit gateways is down.',
  priority: 'P2',
  type: 'Technical query',
  release: '8.1',
  requesterProvidedId: null,
  organisation: null,
  tier: 'Enterprise',
  createdAt: new Date(),
  firstResponseDueAt: null,
  conversationId: null,
  conversation: null,
  ...overrides,
});
