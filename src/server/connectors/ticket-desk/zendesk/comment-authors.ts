import type { UserType } from '../../../../common/users.js';
import { normalizeEmail } from '../../../../common/users.js';
import type { ZendeskUserIds } from './user-ids.js';

/**
 * Who a comment the portal writes is by, in Zendesk. A comment takes `author_id` ("If you set the author_id,
 * the user with the id is shown as the author of the comment. However, this user is not considered the updater
 * of the ticket. The authenticated user making the API request is the updater", Ticket Comments, Author id,
 * https://developer.zendesk.com/api-reference/ticketing/tickets/ticket_comments/), so a reply or note made in
 * the portal shows in Zendesk as its writer's, although the service token makes the call:
 *
 * - an agent: their Zendesk user found by address, when it is an agent or admin (an end user of the same
 *   address would turn the agent's words into the customer's);
 * - a customer: their Zendesk user; failing that, when they are the ticket's requester, its `requester_id`
 *   (Zendesk made that user with the ticket, and its search may not show it yet);
 * - nobody Zendesk knows (an agent without a seat): no `author_id`, so the comment is the service token's
 *   user's, and the body ends with a line naming the writer ({@link signedBody}), so Zendesk's agents, and the
 *   customer's mail of a public reply, still say who wrote it. A file's note is never signed: its body is the
 *   note the history reads the file from.
 */

export interface CommentWriter {
  email: string;
  name: string;
  /** Unknown for a file's note, whose actor may be either. */
  type?: UserType | undefined;
}

/**
 * The closing line of a comment written for someone Zendesk has no user for. A line of its own after a blank
 * one, as a signature reads in mail; the address stays out of it, since a public reply is mailed to the
 * customer.
 */
export function signedBody(body: string, name: string): string {
  const writer = name.trim();
  return `${body}\n\n— ${writer === '' ? '' : `${writer}, `}via the support portal`;
}

/** The comment's `author_id`; undefined when Zendesk has no user to show (the service token's user writes it). */
export async function commentAuthorId(
  userIds: ZendeskUserIds,
  writer: CommentWriter,
  requester: () => Promise<{ id: number; email: string } | undefined>,
): Promise<number | undefined> {
  const user = await userIds.find(writer.email);
  if (writer.type === 'agent') return user && user.role !== 'end-user' ? user.id : undefined;
  if (user) return user.id;
  const held = await requester();
  return held && normalizeEmail(held.email) === normalizeEmail(writer.email) ? held.id : undefined;
}
