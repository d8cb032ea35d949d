/** The tickets' zod contracts: they arrive with the ticket pages' own chunks, not with the first page. */
export {
  assigneesSchema,
  attachmentItemSchema,
  commentItemSchema,
  requesterProfileSchema,
  ticketDetailsSchema,
  ticketItemSchema,
  ticketListSchema,
} from '../../../../common/contracts/tickets';

export { TICKETS_KEY, ticketApiPath } from './ticket-keys';
