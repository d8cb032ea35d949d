import type { BulkUpdateTicketsBody } from '../../../common/contracts/tickets.js';
import type { HelpdeskTicketRecord } from '../../connectors/ticket-desk/types.js';
import { ServiceError } from '../../lib/errors.js';
import type { PortalUser } from '../auth/users.js';
import { findStaff } from './ticket-people.js';
import { refuseClosed, updateTicket, visibleTicket, type TicketOptions } from './tickets.js';

/**
 * One change of status or assignee to several tickets (staff: the route refuses customers with 403). Every ticket is
 * checked before any is changed: one missing, unseen or closed ticket refuses the whole change, so a queue
 * never ends up half-changed by a request that failed. Each ticket then changes as a single change would
 * (its events, its mail, its live update).
 */
export async function bulkUpdateTickets(
  options: TicketOptions,
  user: PortalUser,
  body: BulkUpdateTicketsBody,
): Promise<HelpdeskTicketRecord[]> {
  if (body.assigneeId && !(await findStaff(options.db, body.assigneeId))) {
    throw new ServiceError('INVALID_INPUT', 'body.assigneeId: must be an agent or admin');
  }
  const missing: number[] = [];
  for (const id of body.ids) {
    try {
      refuseClosed(await visibleTicket(options, user, id), 'can no longer be changed');
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'NOT_FOUND') missing.push(id);
      else if (error instanceof ServiceError && error.code === 'CONFLICT') {
        throw new ServiceError('CONFLICT', `Ticket #${id} is closed and can no longer be changed.`);
      } else throw error;
    }
  }
  if (missing.length > 0) {
    throw new ServiceError('NOT_FOUND', `There is no ticket with the number ${missing.join(', ')}.`);
  }
  const change = {
    ...(body.status !== undefined ? { status: body.status } : {}),
    ...(body.assigneeId !== undefined ? { assigneeId: body.assigneeId } : {}),
  };
  const updated: HelpdeskTicketRecord[] = [];
  for (const id of body.ids) updated.push(await updateTicket(options, user, id, change));
  return updated;
}
