import { normalizeEmail } from '../../../../common/users.js';
import { emailSearchQuery } from '../../helpdesk/zendesk/user-records.js';
import { userSearchAnswerSchema, type ZendeskUser } from '../../helpdesk/zendesk/schemas.js';
import type { VendorHttp } from '../../vendor-http.js';

/**
 * Zendesk users by address, for the calls that name a user by id (a requester's tickets, an assignee, a
 * comment's `author_id`): "Search Users" (`GET /api/v2/users/search.json?query=email:"…"`,
 * https://developer.zendesk.com/api-reference/ticketing/users/users/) once per address, then the id from memory
 * for {@link USER_ID_TTL_MS}. Users named in any answer the desk reads (`include=users`) are remembered too, so
 * the people of a ticket just shown need no search.
 */

/**
 * How long an id found by address is trusted. Ids never change, but an address can: an admin edits a user's
 * email, merges two users or deletes one, and the address then belongs to another user or to none. Ten minutes
 * bounds how long a comment can go to the wrong user after such a change.
 */
export const USER_ID_TTL_MS = 10 * 60_000;

export interface KnownZendeskUser {
  id: number;
  role: ZendeskUser['role'];
}

export interface ZendeskUserIds {
  /**
   * The user whose (primary) address this is; undefined when search finds none. A miss is not remembered:
   * Zendesk's search indexes a new user minutes after it is made (the users fake's `searchLagMs` and the
   * support article it cites), and a requester the portal has just created must be found once it is.
   */
  find(email: string): Promise<KnownZendeskUser | undefined>;
  /** Remembers the users an answer sideloaded. */
  remember(users: readonly ZendeskUser[]): void;
}

export function createZendeskUserIds(options: { http: VendorHttp; now: () => number }): ZendeskUserIds {
  const { http, now } = options;
  const known = new Map<string, KnownZendeskUser & { until: number }>();

  const keep = (user: ZendeskUser) => {
    if (!user.email) return;
    known.set(normalizeEmail(user.email), { id: user.id, role: user.role, until: now() + USER_ID_TTL_MS });
  };

  return {
    async find(email) {
      const address = normalizeEmail(email);
      const held = known.get(address);
      if (held && held.until > now()) return { id: held.id, role: held.role };
      known.delete(address);
      const answer = await http.request({
        path: '/api/v2/users/search.json',
        query: { query: emailSearchQuery(address) },
        schema: userSearchAnswerSchema,
      });
      const user = answer.users.find((candidate) => candidate.email?.toLowerCase() === address);
      if (!user) return undefined;
      keep(user);
      return { id: user.id, role: user.role };
    },
    remember(users) {
      for (const user of users) keep(user);
    },
  };
}
