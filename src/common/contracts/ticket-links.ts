import { z } from 'zod';
import { ISSUE_KEY_PATTERN } from '../issue-keys.js';
import { ticketIdParamsSchema } from './tickets.js';

export { ISSUE_KEY_PATTERN, ISSUE_KEYS_IN_TEXT } from '../issue-keys.js';

const issueKey = z
  .string()
  .trim()
  .regex(ISSUE_KEY_PATTERN, 'must be an issue key such as NET-1008')
  .transform((key) => key.toUpperCase());

export const issueLinkBodySchema = z.object({ key: issueKey });
export const issueLinkParamsSchema = ticketIdParamsSchema.extend({ key: issueKey });

/** A tracker issue on the ticket page: `status` and `summary` are null when the tracker could not be read. */
export const ticketIssueSchema = z.object({
  key: z.string(),
  summary: z.string().nullable(),
  status: z.string().nullable(),
  /** Where the issue opens (the tracker's own page). */
  url: z.string(),
});
export type TicketIssue = z.infer<typeof ticketIssueSchema>;

export const ticketIssueItemSchema = z.object({ issue: ticketIssueSchema });

/** One of the requester's other open tickets. */
export const relatedTicketSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  status: z.string(),
  url: z.string(),
});
export type RelatedTicket = z.infer<typeof relatedTicketSchema>;

/** What the agents' side column shows beside a ticket. */
export const ticketContextSchema = z.object({
  /** The issues agents linked to the ticket, in the order they were linked. */
  linked: z.array(ticketIssueSchema),
  /** Issues named in its comments and notes that the tracker knows: their keys link in the text. */
  mentioned: z.array(ticketIssueSchema),
  /** Why the tracker could not be read (no grant, no answer), or null. */
  trackerProblem: z.string().nullable(),
  /** The requester's other tickets that are not solved or closed, newest change first. */
  otherOpenTickets: z.array(relatedTicketSchema),
});
export type TicketContext = z.infer<typeof ticketContextSchema>;
