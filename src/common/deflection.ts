/** The deflection constants the ticket forms need without zod (their contracts: `contracts/deflection.ts`). */

/** The most articles a ticket form shows at once. */
export const MAX_TICKET_SUGGESTIONS = 5;

/** Where the form is: Ticket Creation (`/tickets/new`) or the assistant's ticket form. */
export const DEFLECTION_SURFACES = ['page', 'assistant'] as const;
export type DeflectionSurface = (typeof DEFLECTION_SURFACES)[number];
