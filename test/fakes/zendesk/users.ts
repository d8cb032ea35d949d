import type { ServerResponse } from 'node:http';
import { sendJson, type FakeRequest } from '../harness';
import type { IssuedToken, TokenRole } from './oauth';

/**
 * The fake's Zendesk users and the Users API the help-desk adapter calls
 * (https://developer.zendesk.com/api-reference/ticketing/users/users/):
 *
 *   GET  /api/v2/users/me.json        "Show Self": the token's own user → {user}
 *   GET  /api/v2/users/search.json    "Search Users" (`query`, Zendesk search syntax; agents and admins only)
 *                                     → {users, next_page, previous_page, count}
 *   POST /api/v2/users.json           "Create User" {user: {name, email, role, verified, user_fields}} → 201 {user}
 *
 * Search reads an index that lags behind creates when a test says so (`searchLagMs`): the Zendesk Support
 * search reference notes that a new or updated user "may take a few minutes to be indexed" before search
 * shows it (https://support.zendesk.com/hc/en-us/articles/4408886879258).
 */

export interface FakeZendeskUser {
  id: number;
  url: string;
  name: string;
  email: string | null;
  role: TokenRole;
  verified: boolean;
  suspended: boolean;
  active: boolean;
  user_fields: Record<string, string | null>;
  created_at: string;
  updated_at: string;
}

/** A user as a test writes it; the rest is filled in. */
export interface UserInput {
  name?: string;
  email: string;
  role?: TokenRole;
  verified?: boolean;
  suspended?: boolean;
  /** The provided id, written to the fake's provided-id field. */
  providedId?: string | null;
}

/** The key of the user field the fixtures keep the provided id in (the portal's ZENDESK_PROVIDED_ID_FIELD). */
export const ZENDESK_FAKE_PROVIDED_ID_FIELD = 'provided_id';

/**
 * The fixture users: an end user with a provided id, an agent and an admin. They have the demo accounts'
 * addresses, so a portal seeding its demo accounts against the fake finds them instead of creating agents.
 */
export const ZENDESK_FIXTURE_USERS = {
  endUser: {
    email: 'customer@example.com',
    name: 'Casey Customer',
    role: 'end-user',
    providedId: 'CUST-0001',
  },
  agent: { email: 'agent@acme.example', name: 'Alex Agent', role: 'agent', providedId: null },
  admin: { email: 'admin@acme.example', name: 'Ada Admin', role: 'admin', providedId: null },
} as const satisfies Record<string, UserInput>;

/**
 * The 401 of the Users API to a token it cannot use, as Zendesk answers it
 * (https://support.zendesk.com/hc/en-us/articles/4408831452954, a reply quoting `{"error":"Couldn't
 * authenticate you"}`).
 */
export const COULD_NOT_AUTHENTICATE = { error: "Couldn't authenticate you" };

/*
 * Not documented on the reference page: the 422 body of a create whose address is taken. Its form follows the
 * adapter's reading (src/server/connectors/helpdesk/zendesk/schemas.ts, `recordInvalidSchema`).
 */
export function duplicateEmailBody(email: string) {
  return {
    error: 'RecordInvalid',
    description: 'Record validation errors',
    details: {
      email: [
        { description: `Email: ${email} is already being used by another user`, error: 'DuplicateValue' },
      ],
    },
  };
}

/** Not documented: the exact 422 of a create without a name; it follows the duplicate's form. */
const blankNameBody = {
  error: 'RecordInvalid',
  description: 'Record validation errors',
  details: { name: [{ description: 'Name: cannot be blank', error: 'BlankValue' }] },
};

/*
 * Not documented: the exact 403 of a token whose scopes do not cover the call, and of an end user's search;
 * the `{error, description}` form of Zendesk's other errors.
 */
const FORBIDDEN = {
  error: 'Forbidden',
  description:
    'You do not have access to this page. Please contact the account owner of this help desk for further help.',
};

const isoSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/**
 * Whether a token's scopes allow a call: `read` every GET, `write` every change, `users:read` and
 * `users:write` the users (grant_type_tokens page, "Scope").
 */
function allows(token: IssuedToken, access: 'read' | 'write'): boolean {
  const scopes = token.scope.split(/\s+/);
  return scopes.includes(access) || scopes.includes(`users:${access}`) || scopes.includes('users');
}

export interface UserDirectory {
  users: Map<number, FakeZendeskUser>;
  /** Index times: a user shows in search only once the lag since its creation has passed. */
  indexedAt: Map<number, number>;
  add(input: UserInput): FakeZendeskUser;
  byEmail(email: string): FakeZendeskUser | undefined;
  setSearchLag(ms: number): void;
  me(request: FakeRequest, res: ServerResponse, token: IssuedToken | undefined): void;
  search(request: FakeRequest, res: ServerResponse, token: IssuedToken | undefined): void;
  create(request: FakeRequest, res: ServerResponse, token: IssuedToken | undefined): void;
}

export function createUserDirectory(context: {
  origin: () => string;
  now: () => number;
  providedIdField: string;
}): UserDirectory {
  const users = new Map<number, FakeZendeskUser>();
  const indexedAt = new Map<number, number>();
  let nextId = 9_100_000_000_001;
  let searchLagMs = 0;

  const byEmail = (email: string) =>
    [...users.values()].find((user) => user.email !== null && user.email === email.trim().toLowerCase());

  const add = (input: UserInput): FakeZendeskUser => {
    const id = nextId++;
    const at = isoSeconds(context.now());
    const user: FakeZendeskUser = {
      id,
      url: `${context.origin()}/api/v2/users/${id}.json`,
      name: input.name ?? input.email,
      email: input.email.trim() === '' ? null : input.email.trim().toLowerCase(),
      role: input.role ?? 'end-user',
      verified: input.verified ?? false,
      suspended: input.suspended ?? false,
      active: true,
      user_fields: { [context.providedIdField]: input.providedId ?? null },
      created_at: at,
      updated_at: at,
    };
    users.set(id, user);
    indexedAt.set(id, context.now() + searchLagMs);
    return user;
  };

  /** `email:"<address>"` or `email:<address>` (exact, any case); any other query: a part of name or address. */
  const matches = (query: string) => {
    const email = /^email:(?:"([^"]*)"|(\S+))$/i.exec(query.trim());
    const wanted = (email?.[1] ?? email?.[2])?.toLowerCase();
    return (user: FakeZendeskUser) =>
      wanted !== undefined
        ? user.email === wanted
        : `${user.name} ${user.email ?? ''}`.toLowerCase().includes(query.trim().toLowerCase());
  };

  return {
    users,
    indexedAt,
    add,
    byEmail,
    setSearchLag: (ms) => {
      searchLagMs = ms;
    },

    me(_request, res, token) {
      const user = token?.userId === undefined ? undefined : users.get(token.userId);
      // Not documented: Show Self with a client-credentials token (no user behind it); refused here.
      if (!user) return sendJson(res, 401, COULD_NOT_AUTHENTICATE);
      sendJson(res, 200, { user });
    },

    search(request, res, token) {
      if (!token) return sendJson(res, 401, COULD_NOT_AUTHENTICATE);
      // "Allowed For: Admins, Agents and Light Agents" (Search Users).
      if (token.role === 'end-user' || !allows(token, 'read')) return sendJson(res, 403, FORBIDDEN);
      const query = request.query.get('query') ?? '';
      const found = [...users.values()]
        .filter((user) => (indexedAt.get(user.id) ?? 0) <= context.now())
        .filter(matches(query))
        .sort((a, b) => a.id - b.id);
      sendJson(res, 200, { users: found, next_page: null, previous_page: null, count: found.length });
    },

    create(request, res, token) {
      if (!token) return sendJson(res, 401, COULD_NOT_AUTHENTICATE);
      if (token.role === 'end-user' || !allows(token, 'write')) return sendJson(res, 403, FORBIDDEN);
      let input: Record<string, unknown> = {};
      try {
        const parsed: unknown = JSON.parse(request.body.toString('utf8'));
        const user = (parsed as { user?: unknown } | null)?.user;
        if (typeof user === 'object' && user !== null) input = user as Record<string, unknown>;
      } catch {
        return sendJson(res, 400, { error: 'InvalidJSON', description: 'The request body is not JSON' });
      }
      const name = typeof input.name === 'string' ? input.name.trim() : '';
      const email = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
      if (name === '') return sendJson(res, 422, blankNameBody);
      if (email !== '' && byEmail(email)) return sendJson(res, 422, duplicateEmailBody(email));
      const role = input.role === 'agent' || input.role === 'admin' ? input.role : 'end-user';
      const fields =
        typeof input.user_fields === 'object' && input.user_fields !== null
          ? (input.user_fields as Record<string, unknown>)
          : {};
      const provided = fields[context.providedIdField];
      const user = add({
        name,
        email,
        role,
        verified: input.verified === true,
        providedId: typeof provided === 'string' ? provided : null,
      });
      request.entry.outcome.user = String(user.id);
      sendJson(res, 201, { user });
    },
  };
}
