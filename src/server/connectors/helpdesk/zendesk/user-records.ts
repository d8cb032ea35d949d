import { normalizeEmail } from '../../../../common/users.js';
import { ServiceError } from '../../../lib/errors.js';
import type { HelpdeskUser } from '../types.js';
import type { ZendeskUser } from './schemas.js';

/**
 * The search query of one address: `email:"<address>"`. Zendesk's search syntax: `:` is the equality operator
 * and double quotes make a phrase that "only returns records that contain an exact match"
 * (https://developer.zendesk.com/api-reference/ticketing/ticket-management/search/, "How the query syntax
 * works"; the Users API's Search Users takes the same syntax in `query`). Not documented: an escape for a
 * quote inside a phrase, so an address holding `"`, `\` or white space is refused rather than sent; the
 * portal's own address check never lets one through.
 */
export function emailSearchQuery(email: string): string {
  const address = normalizeEmail(email);
  if (address === '' || /["\\\s]/.test(address)) {
    throw new ServiceError('INVALID_INPUT', 'This email address cannot be looked up at the help desk.');
  }
  return `email:"${address}"`;
}

/**
 * A Zendesk user in the portal's terms: an end user is a customer; agents and admins are the portal's staff
 * (the Users API: "end users (your customers), agents, and administrators",
 * https://developer.zendesk.com/api-reference/ticketing/users/users/). The provided id is the user field
 * keyed `providedIdField`; an empty or non-text value counts as none. Undefined for a user without an
 * address (the portal cannot sign such a user in).
 */
export function toHelpdeskUser(user: ZendeskUser, providedIdField: string): HelpdeskUser | undefined {
  if (user.email === null || user.email === '') return undefined;
  const value = user.user_fields?.[providedIdField];
  const providedId = typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  return {
    email: normalizeEmail(user.email),
    name: user.name,
    role: user.role === 'end-user' ? 'customer' : 'agent',
    providedId,
  };
}
