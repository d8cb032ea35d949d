import { expect } from 'vitest';
import { apiPaths } from '../../src/common/api-paths.js';
import { ticketItemSchema, type CreateTicketBody, type Ticket } from '../../src/common/contracts/tickets.js';
import type { SupportTier } from '../../src/common/tickets.js';
import type { App } from '../../src/server/app.js';
import { createCustomer, createCustomerAccount, sessionCookie } from './factories.js';
import { postAs, type Caller } from './callers.js';

/** The path of one ticket's call (`/api/tickets/:id`, `/api/tickets/:id/comments`). */
export const ticketPath = (id: number | string, path: string = apiPaths.tickets.ticket) =>
  path.replace(':id', String(id));

/** A customer of an organisation of its own (or of `providedId`'s), signed in. */
export async function customerOf(
  app: App,
  options: { tier?: SupportTier; timeZone?: string; providedId?: string; organisationAdmin?: boolean } = {},
): Promise<Caller & { providedId: string }> {
  const providedId =
    options.providedId ??
    (await createCustomerAccount(app, {
      tier: options.tier ?? 'Basic',
      timeZone: options.timeZone ?? 'UTC',
    }));
  const user = await createCustomer(app, {
    providedId,
    ...(options.organisationAdmin ? { organisationAdmin: true } : {}),
  });
  const { cookie } = await sessionCookie(app, { id: user.id, role: 'customer' });
  return { id: user.id, email: user.email, name: user.name, headers: { cookie }, providedId };
}

export function ticketBody(overrides: Partial<CreateTicketBody> = {}): CreateTicketBody {
  return {
    subject: 'Gateway tunnel down after upgrade',
    description: 'Since the upgrade to 8.1 the tunnel between the transit gateways is down.',
    priority: 'P2',
    type: 'Technical query',
    release: '8.1',
    ...overrides,
  };
}

/** Opens a ticket as `customer`; fails the test unless it is created. */
export async function openTicket(
  app: App,
  customer: Caller,
  overrides: Partial<CreateTicketBody> = {},
): Promise<Ticket> {
  const res = await postAs(app, customer, apiPaths.tickets.tickets, ticketBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return ticketItemSchema.parse(res.json()).ticket;
}
