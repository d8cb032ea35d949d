import type { ServerResponse } from 'node:http';
import {
  createClock,
  sendJson,
  startFakeServer,
  type FakeClock,
  type FakeRequest,
  type FakeServer,
  type InjectedReply,
} from '../harness';
import {
  createOAuthServer,
  INVALID_TOKEN_BODY,
  ZENDESK_FAKE_CLIENT,
  type IssuedToken,
  type TokenRole,
  type ZendeskOAuthClient,
} from './oauth';
import { createAuthorizePage } from './authorize-page';
import { createTicketExport } from './incremental-tickets';
import { pageOf } from './pagination';
import { createTicketRoutes, type FakeTicket, type TicketChange } from './tickets';
import {
  articleOf,
  defaultStore,
  FIXTURE_IMAGE,
  FIXTURE_IMAGE_PATH,
  isoSeconds,
  ZENDESK_FIXTURE_IDS,
  type ArticleInput,
  type HelpCenterStore,
  type ZendeskArticle,
  type ZendeskUserSegment,
} from './store';
import {
  createUserDirectory,
  ZENDESK_FAKE_PROVIDED_ID_FIELD,
  ZENDESK_FIXTURE_USERS,
  type FakeZendeskUser,
  type UserInput,
} from './users';

/**
 * A fake Zendesk for the Help Center feed's tests, the help-desk adapter's and the vendor browser profile: a
 * `node:http` server on 127.0.0.1 holding one Help Center and its users in memory, behind Zendesk's OAuth.
 *
 *   const zendesk = await startZendeskFake();            // port 0; zendesk.url is http://127.0.0.1:<port>
 *   zendesk.client                                       // {identifier, secret}: the portal's ZENDESK_CLIENT_ID/SECRET
 *
 * Routes:
 *   POST /oauth/tokens                                   JSON {grant_type: "client_credentials", client_id,
 *                                                        client_secret, scope}
 *                                                        → {access_token, token_type: "bearer", scope, expires_in};
 *                                                        also "authorization_code" (code, redirect_uri,
 *                                                        code_verifier) and "refresh_token" (oauth.ts)
 *   GET  /oauth/authorizations/new                       the authorization page; POST /oauth/authorizations its
 *                                                        form (authorize-page.ts)
 *   GET  /api/v2/users/me.json, /api/v2/users/search.json; POST /api/v2/users.json   (users.ts)
 *   GET  /api/v2/help_center/{locale}/categories.json    cursor (`page[size]`, `page[after]`) or offset (`page`) paging
 *   GET  /api/v2/help_center/{locale}/sections.json
 *   GET  /api/v2/help_center/{locale}/articles.json
 *   GET  /api/v2/help_center/incremental/articles?start_time=<epoch s>   → {articles, next_page, end_time, count}
 *   GET  /api/v2/help_center/user_segments.json          cursor or offset paging
 *   GET  /hc/article_attachments/…/network-diagram.png   the image of the fixture article with an `<img>` (no auth)
 *   the ticket endpoints of tickets.ts (tickets, comments, audits, requested tickets, search, uploads): agents
 *   and admins only (an end user's token or none answers 403)
 *   GET  /api/v2/incremental/tickets/cursor.json?start_time=<epoch s> | ?cursor=<after_cursor>
 *                                                        the cursor-based incremental ticket export, admins only
 *                                                        (incremental-tickets.ts)
 *
 * Who sees what (https://developer.zendesk.com/api-reference/help_center/help-center-api/articles/ and the
 * incremental export page cited at `incremental`): a token acting as an agent or admin (a client-credentials token
 * acts as the client's admin) lists every article, drafts and every segment included. Without a token, or with an
 * end user's, the lists hold published articles of no segment (plus, for an end user, plain "signed-in users"
 * segments); the incremental export and the user segments are refused 403 to them. A token that is unknown,
 * revoked or past its `expires_in` on the fake's clock answers 401 `invalid_token`.
 *
 * Test controls, besides the harness's `failNext`, `hangNext`, `malformedNext`, `clock` and `log`:
 *   zendesk.rateLimitNext(n, retryAfterSeconds?)   the next n requests answer Zendesk's 429 (text/plain)
 *   zendesk.revokeTokens()                         every token issued so far answers 401 from now on
 *   zendesk.setTokenLifetime(seconds | undefined)  `expires_in` of the tokens issued next
 *   zendesk.addClient(client)                      another OAuth client (an end user's role, a public kind)
 *   zendesk.addArticle(input), updateArticle(id, patch), deleteArticle(id), article(id), articles()
 *   zendesk.moveTime(ms)                           = clock.advance(ms)
 *   zendesk.setIncrementalPageSize(n)              articles per incremental page (Zendesk: up to 1,000)
 *   zendesk.addUser(input), user(email), users()   the users (fixtures: ZENDESK_FIXTURE_USERS)
 *   zendesk.setSearchLag(ms)                       users created from now on show in search only after ms
 *   zendesk.registerRedirectUri(uri)               another redirect URL of the first client
 *   zendesk.ticket(id), tickets()                  the tickets (tickets.ts), as Zendesk holds them
 *   zendesk.changeTicket(id, authorEmail, change)  a change made in Zendesk's agent console (a reply, a status)
 *   zendesk.setTicketExportPageSize(n)             tickets per page of the incremental ticket export (Zendesk: 1,000)
 *   signed webhook deliveries to the portal: webhooks.ts (`signedDelivery`, `deliver`)
 * and over HTTP: POST /__fake/redirect-uri {uri} (= registerRedirectUri), GET /__fake/users {users},
 * GET /__fake/tickets {tickets: each with its `comments`}, POST /__fake/ticket-change {id, authorEmail, change:
 * {comment: {body, public}, status, priority}} (= changeTicket) → {ticket}.
 * Each log entry's `outcome` holds `route` (`token`, `categories`, `sections`, `articles`, `incremental`,
 * `user_segments`, `image`, `authorize`, `authorize_decision`, `users_me`, `users_search`, `users_create`, and
 * the ticket routes' `tickets_*`, `search`, `search_count`, `uploads`, and `incremental_tickets`, whose entries
 * also hold `from` (`start_time` or `cursor`) and `tickets` (how many were listed)),
 * `auth` (`bearer`, `anonymous`, `invalid`, `expired`, `revoked`) and `grant` on token requests. Token
 * requests and user creates keep their body (`body`), secrets included: the fake is for tests only.
 */

export interface ZendeskFakeOptions {
  port?: number;
  clock?: FakeClock;
  /** The Help Center locale the fixtures are in (default `en-us`). */
  locale?: string;
  /** OAuth clients it knows; default {@link ZENDESK_FAKE_CLIENT}. */
  clients?: readonly ZendeskOAuthClient[];
  /** `expires_in` of the tokens it issues, in seconds (default 3600); `null`: they never expire. */
  tokenLifetimeSeconds?: number | null;
  /** Public articles in the default fixtures, the one with an image included (default 130). */
  publicArticles?: number;
  /** Articles per incremental export page (default 1000, Zendesk's). */
  incrementalPageSize?: number;
  /** The user field holding the provided id (default {@link ZENDESK_FAKE_PROVIDED_ID_FIELD}). */
  providedIdField?: string;
}

export interface ZendeskFake extends FakeServer {
  locale: string;
  /** The first OAuth client it knows. */
  client: ZendeskOAuthClient;
  /** Where the fixture image is served, on the fake's origin. */
  imageUrl: string;
  rateLimitNext(n: number, retryAfterSeconds?: number): void;
  revokeTokens(): void;
  setTokenLifetime(seconds: number | undefined): void;
  addClient(client: ZendeskOAuthClient): void;
  /** The tokens it issued, oldest first. */
  tokens(): IssuedToken[];
  addArticle(input: ArticleInput): ZendeskArticle;
  updateArticle(id: number, patch: ArticleInput): ZendeskArticle;
  deleteArticle(id: number): void;
  article(id: number): ZendeskArticle | undefined;
  articles(): ZendeskArticle[];
  moveTime(ms: number): void;
  setIncrementalPageSize(n: number): void;
  addUser(input: UserInput): FakeZendeskUser;
  user(email: string): FakeZendeskUser | undefined;
  users(): FakeZendeskUser[];
  setSearchLag(ms: number): void;
  registerRedirectUri(uri: string): void;
  /** The tickets it holds (tickets.ts), by id. */
  ticket(id: number): FakeTicket | undefined;
  tickets(): FakeTicket[];
  /** A change made in Zendesk by `authorEmail` (an agent's reply, a status), as the agent console makes it. */
  changeTicket(id: number, authorEmail: string, change: TicketChange): FakeTicket;
  /** Tickets per page of the incremental ticket export when the request names no `per_page` (Zendesk: 1,000). */
  setTicketExportPageSize(n: number): void;
}

/** Zendesk's account-wide limit of the Enterprise plan, as `X-Rate-Limit` shows it. */
const RATE_LIMIT = 700;

/**
 * Zendesk's 429: `Retry-After` in seconds, `X-Rate-Limit` and `X-Rate-Limit-Remaining`
 * (https://developer.zendesk.com/api-reference/introduction/rate-limits/;
 * https://developer.zendesk.com/documentation/api-basics/best-practices/best-practices-for-avoiding-rate-limiting),
 * with a `text/plain` body as answered in
 * https://support.zendesk.com/hc/en-us/community/posts/4600766234138 (Content-Type text/plain, retry-after,
 * x-rate-limit, x-rate-limit-remaining: 0, "Number of allowed API requests per minute exceeded").
 */
export function rateLimitReply(retryAfterSeconds = 1): InjectedReply {
  return {
    status: 429,
    headers: {
      'content-type': 'text/plain',
      'retry-after': String(retryAfterSeconds),
      'x-rate-limit': String(RATE_LIMIT),
      'x-rate-limit-remaining': '0',
    },
    body: 'Number of allowed API requests per minute exceeded',
  };
}

/*
 * Not documented here: the exact bodies of Zendesk's 403 and 404. These follow the `{error, description}` form of
 * its other API errors.
 */
const FORBIDDEN = {
  error: 'Forbidden',
  description:
    'You do not have access to this page. Please contact the account owner of this help desk for further help.',
};
const NOT_FOUND = { error: 'RecordNotFound', description: 'Not found' };

const LOGGED_HEADERS = ['authorization', 'content-type', 'accept'] as const;

const HC_LIST =
  /^\/api\/v2\/help_center\/([a-z]{2}(?:-[a-z0-9]{2,4})?)\/(categories|sections|articles)\.json$/;

const INCREMENTAL_TICKETS = /^\/api\/v2\/incremental\/tickets\/cursor(\.json)?$/;

const isStaff = (role: TokenRole | undefined) => role === 'admin' || role === 'agent';

/**
 * Whether a token's scopes reach the ticket endpoints: `read` every GET and `write` every change, or the
 * `tickets` resource's (grant_type_tokens page, "Scope": "If no resource is specified, all resources are
 * assumed"). Not documented: which resource uploads and search fall under; here only the plain scopes reach them.
 */
function coversTickets(scope: string, method: string): boolean {
  const scopes = scope.split(/\s+/);
  const access = method === 'GET' ? 'read' : 'write';
  return scopes.includes(access) || scopes.includes(`tickets:${access}`) || scopes.includes('tickets');
}

export async function startZendeskFake(options: ZendeskFakeOptions = {}): Promise<ZendeskFake> {
  const clock = options.clock ?? createClock();
  const locale = options.locale ?? 'en-us';
  const clients = options.clients ?? [ZENDESK_FAKE_CLIENT];
  const oauth = createOAuthServer({
    clients,
    tokenLifetimeSeconds:
      options.tokenLifetimeSeconds === null ? undefined : (options.tokenLifetimeSeconds ?? 3600),
    now: () => clock.now(),
  });
  let incrementalPageSize = options.incrementalPageSize ?? 1000;
  const self = { url: '' };
  const context = { origin: () => self.url, locale, now: () => clock.now() };
  const users = createUserDirectory({
    origin: () => self.url,
    now: () => clock.now(),
    providedIdField: options.providedIdField ?? ZENDESK_FAKE_PROVIDED_ID_FIELD,
  });
  const authorizePage = createAuthorizePage(oauth, users);
  const ticketRoutes = createTicketRoutes({ origin: () => self.url, now: () => clock.now(), users });
  const ticketExport = createTicketExport({
    origin: () => self.url,
    now: () => clock.now(),
    tickets: () => ticketRoutes.store.tickets.values(),
    rateLimited: (seconds) => rateLimitReply(seconds),
  });
  function registerRedirectUri(uri: string): void {
    const client = clients[0] ?? ZENDESK_FAKE_CLIENT;
    const known = oauth.clients.get(client.identifier) ?? client;
    oauth.clients.set(known.identifier, { ...known, redirectUris: [...(known.redirectUris ?? []), uri] });
  }
  let store: HelpCenterStore = {
    categories: new Map(),
    sections: new Map(),
    articles: new Map(),
    segments: new Map(),
  };

  /** Whether a reader of `role` sees `article` in a list (agents and admins see everything). */
  const visible = (article: ZendeskArticle, role: TokenRole | undefined): boolean => {
    if (isStaff(role)) return true;
    if (article.draft) return false;
    const segmentIds =
      article.user_segment_ids.length > 0 ? article.user_segment_ids : [article.user_segment_id];
    return segmentIds.some((id) => {
      if (id === null) return true;
      const segment = store.segments.get(id);
      return role === 'end-user' && segment !== undefined && plainSignedIn(segment);
    });
  };

  const tokenOf = (request: FakeRequest, res: ServerResponse): IssuedToken | 'anonymous' | undefined => {
    const header = request.headers.authorization;
    const verdict = oauth.authenticate(Array.isArray(header) ? header[0] : header);
    if (verdict === 'anonymous') {
      request.entry.outcome.auth = 'anonymous';
      return verdict;
    }
    if (typeof verdict === 'string') {
      request.entry.outcome.auth = verdict;
      sendJson(res, 401, INVALID_TOKEN_BODY);
      return undefined;
    }
    request.entry.outcome.auth = 'bearer';
    return verdict;
  };

  const list = (request: FakeRequest, res: ServerResponse, listLocale: string, kind: string): void => {
    const token = tokenOf(request, res);
    if (token === undefined) return;
    const role = token === 'anonymous' ? undefined : token.role;
    // Not documented: a locale the Help Center does not have answers 404 here.
    if (listLocale !== locale) return sendJson(res, 404, NOT_FOUND);
    const selfUrl = `${self.url}${request.rawPath}`;
    const items: readonly { id: number }[] =
      kind === 'categories'
        ? [...store.categories.values()]
        : kind === 'sections'
          ? [...store.sections.values()]
          : [...store.articles.values()].filter(
              (article) => article.locale === listLocale && visible(article, role),
            );
    const page = pageOf(kind, items, request.query, selfUrl, 30);
    sendJson(res, page.status, page.body);
  };

  /**
   * The time-based incremental article export
   * (https://developer.zendesk.com/documentation/help_center/help-center-api/understanding-incremental-article-exports/):
   * agents and admins only; articles whose metadata changed at or after `start_time` (epoch seconds), oldest
   * change first, up to 1,000 a page; `next_page` carries a new `start_time`, "the time of the last change of the
   * last item on the current page", which the answer also gives as `end_time`.
   * Not documented: the exact bound (`>=` here, so the item at the boundary comes again, never missed), what
   * `next_page` holds on the last page (null here, once a page is not full), the `end_time` of an empty page (the
   * `start_time` here), and the status of a non-agent (403 here). Deleted articles are not listed (the export
   * reports no deletions).
   */
  const incremental = (request: FakeRequest, res: ServerResponse): void => {
    const token = tokenOf(request, res);
    if (token === undefined) return;
    if (token === 'anonymous' || !isStaff(token.role)) return sendJson(res, 403, FORBIDDEN);
    const startText = request.query.get('start_time');
    const start = startText === null || !/^\d+$/.test(startText) ? undefined : Number(startText);
    if (start === undefined)
      return sendJson(res, 400, {
        error: 'InvalidValue',
        description: 'start_time must be an epoch time in seconds',
      });
    const changed = [...store.articles.values()]
      .map((article) => ({ article, at: Math.floor(Date.parse(article.updated_at) / 1000) }))
      .filter(({ at }) => at >= start)
      .sort((a, b) => a.at - b.at || a.article.id - b.article.id);
    const page = changed.slice(0, incrementalPageSize);
    const last = page[page.length - 1];
    const endTime = last === undefined ? start : last.at;
    const more = changed.length > incrementalPageSize;
    sendJson(res, 200, {
      articles: page.map(({ article }) => article),
      next_page: more ? `${self.url}/api/v2/help_center/incremental/articles?start_time=${endTime}` : null,
      end_time: endTime,
      count: page.length,
    });
  };

  const userSegments = (request: FakeRequest, res: ServerResponse): void => {
    const token = tokenOf(request, res);
    if (token === undefined) return;
    // Not documented here: the segments' list to a non-agent (refused, as the segments say who may read what).
    if (token === 'anonymous' || !isStaff(token.role)) return sendJson(res, 403, FORBIDDEN);
    const page = pageOf(
      'user_segments',
      [...store.segments.values()],
      request.query,
      `${self.url}${request.rawPath}`,
      30,
    );
    sendJson(res, page.status, page.body);
  };

  const handle = (request: FakeRequest, res: ServerResponse): void => {
    const { method, rawPath } = request;
    const { outcome } = request.entry;
    if (method === 'POST' && rawPath === '/oauth/tokens') {
      outcome.route = 'token';
      request.entry.body = request.body.toString('utf8');
      const answer = oauth.token(request);
      if (answer.ok) return sendJson(res, 200, answer.body);
      outcome.error = answer.reply.body.error;
      return sendJson(res, answer.reply.status, answer.reply.body);
    }
    if (method === 'GET' && rawPath === FIXTURE_IMAGE_PATH) {
      outcome.route = 'image';
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(FIXTURE_IMAGE.length) });
      res.end(FIXTURE_IMAGE);
      return;
    }
    if (method === 'GET' && rawPath === '/api/v2/help_center/incremental/articles') {
      outcome.route = 'incremental';
      return incremental(request, res);
    }
    if (method === 'GET' && rawPath === '/api/v2/help_center/user_segments.json') {
      outcome.route = 'user_segments';
      return userSegments(request, res);
    }
    if (method === 'GET' && rawPath === '/oauth/authorizations/new') {
      outcome.route = 'authorize';
      return authorizePage.show(request, res);
    }
    if (method === 'POST' && rawPath === '/oauth/authorizations') {
      outcome.route = 'authorize_decision';
      return authorizePage.decide(request, res);
    }
    const usersRoute =
      method === 'GET' && rawPath === '/api/v2/users/me.json'
        ? 'users_me'
        : method === 'GET' && rawPath === '/api/v2/users/search.json'
          ? 'users_search'
          : method === 'POST' && rawPath === '/api/v2/users.json'
            ? 'users_create'
            : undefined;
    if (usersRoute !== undefined) {
      outcome.route = usersRoute;
      if (usersRoute === 'users_create') request.entry.body = request.body.toString('utf8');
      const header = request.headers.authorization;
      const verdict = oauth.authenticate(Array.isArray(header) ? header[0] : header);
      outcome.auth = typeof verdict === 'string' ? verdict : 'bearer';
      const token = typeof verdict === 'string' ? undefined : verdict;
      if (usersRoute === 'users_me') return users.me(request, res, token);
      if (usersRoute === 'users_search') return users.search(request, res, token);
      return users.create(request, res, token);
    }
    if (method === 'GET' && INCREMENTAL_TICKETS.test(rawPath)) {
      outcome.route = 'incremental_tickets';
      const token = tokenOf(request, res);
      if (token === undefined) return;
      // "Allowed For: Admins" (Incremental Exports page); a client-credentials token acts as the client's admin.
      if (token === 'anonymous' || token.role !== 'admin' || !coversTickets(token.scope, method)) {
        return sendJson(res, 403, FORBIDDEN);
      }
      return ticketExport.handle(request, res);
    }
    if (
      rawPath.startsWith('/api/v2/tickets') ||
      rawPath.startsWith('/api/v2/search') ||
      rawPath === '/api/v2/uploads' ||
      /^\/api\/v2\/users\/\d+\/tickets\//.test(rawPath)
    ) {
      const token = tokenOf(request, res);
      if (token === undefined) return;
      // A client-credentials token acts as the client's admin; an end user's token reaches no agent endpoint.
      const actor =
        token === 'anonymous' || !isStaff(token.role) || !coversTickets(token.scope, method)
          ? undefined
          : (token.userId ?? users.byEmail(ZENDESK_FIXTURE_USERS.admin.email)?.id);
      if (ticketRoutes.handle(request, res, actor)) return;
    }
    const match = method === 'GET' ? HC_LIST.exec(rawPath) : null;
    if (match?.[1] !== undefined && match[2] !== undefined) {
      outcome.route = match[2];
      return list(request, res, match[1], match[2]);
    }
    outcome.route = 'unknown';
    sendJson(res, 404, NOT_FOUND);
  };

  const server = await startFakeServer({
    port: options.port ?? 0,
    clock,
    loggedHeaders: LOGGED_HEADERS,
    // A 200 whose JSON breaks off, as a proxy that cut the answer short would leave it.
    malformed: {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: '{"articles":[{"id":44000000',
    },
    handle,
    // Over HTTP, for the vendor browser profile's Playwright process.
    controls: {
      'POST /__fake/redirect-uri': (input) => {
        if (typeof input.uri === 'string') registerRedirectUri(input.uri);
        return undefined;
      },
      'GET /__fake/users': () => ({ users: [...users.users.values()] }),
      'GET /__fake/tickets': () => ({
        tickets: [...ticketRoutes.store.tickets.values()].map((ticket) => ({
          ...ticket,
          comments: ticketRoutes.store.comments.get(ticket.id) ?? [],
        })),
      }),
      'POST /__fake/ticket-change': (input) => ({
        ticket: changeTicket(Number(input.id), String(input.authorEmail), ticketChangeOf(input.change)),
      }),
    },
  });
  self.url = server.url;
  store = defaultStore(context, options.publicArticles ?? 130);
  for (const fixture of Object.values(ZENDESK_FIXTURE_USERS)) users.add({ ...fixture, verified: true });
  let nextId = Math.max(...store.articles.keys()) + 1;

  const existing = (id: number): ZendeskArticle => {
    const article = store.articles.get(id);
    if (!article) throw new Error(`the Zendesk fake has no article ${id}`);
    return article;
  };

  function changeTicket(id: number, authorEmail: string, change: TicketChange): FakeTicket {
    const author = users.byEmail(authorEmail);
    if (!author) throw new Error(`the Zendesk fake has no user ${authorEmail}`);
    return ticketRoutes.change(id, author.id, change);
  }

  return {
    ...server,
    locale,
    client: clients[0] ?? ZENDESK_FAKE_CLIENT,
    imageUrl: `${server.url}${FIXTURE_IMAGE_PATH}`,
    rateLimitNext: (n, retryAfterSeconds) => server.failNext(n, rateLimitReply(retryAfterSeconds)),
    revokeTokens: () => oauth.revokeAll(),
    setTokenLifetime: (seconds) => oauth.setTokenLifetime(seconds),
    addClient: (client) => {
      oauth.clients.set(client.identifier, client);
    },
    tokens: () => [...oauth.tokens.values()],
    addArticle: (input) => {
      const id = input.id ?? nextId++;
      const article = articleOf(input, id, context);
      store.articles.set(id, article);
      return article;
    },
    updateArticle: (id, patch) => {
      const before = existing(id);
      const at = isoSeconds(clock.now());
      const after: ZendeskArticle = {
        ...before,
        ...(patch.title === undefined ? {} : { title: patch.title }),
        ...(patch.body === undefined ? {} : { body: patch.body }),
        ...(patch.section_id === undefined ? {} : { section_id: patch.section_id }),
        ...(patch.draft === undefined ? {} : { draft: patch.draft }),
        ...(patch.user_segment_id === undefined ? {} : { user_segment_id: patch.user_segment_id }),
        ...(patch.user_segment_ids === undefined ? {} : { user_segment_ids: patch.user_segment_ids }),
        updated_at: at,
        edited_at: at,
      };
      store.articles.set(id, after);
      return after;
    },
    deleteArticle: (id) => {
      existing(id);
      store.articles.delete(id);
    },
    article: (id) => store.articles.get(id),
    articles: () => [...store.articles.values()].sort((a, b) => a.id - b.id),
    moveTime: (ms) => clock.advance(ms),
    setIncrementalPageSize: (n) => {
      incrementalPageSize = n;
    },
    addUser: (input) => users.add(input),
    user: (email) => users.byEmail(email),
    users: () => [...users.users.values()],
    setSearchLag: (ms) => users.setSearchLag(ms),
    registerRedirectUri,
    ticket: (id) => ticketRoutes.store.tickets.get(id),
    tickets: () => [...ticketRoutes.store.tickets.values()],
    changeTicket,
    setTicketExportPageSize: (n) => ticketExport.setPageSize(n),
  };
}

/** A change sent to `POST /__fake/ticket-change`, read as the agent console's fields (the rest ignored). */
function ticketChangeOf(value: unknown): TicketChange {
  const input = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const comment =
    typeof input.comment === 'object' && input.comment !== null
      ? (input.comment as Record<string, unknown>)
      : undefined;
  return {
    ...(typeof input.status === 'string' ? { status: input.status } : {}),
    ...(typeof input.priority === 'string' ? { priority: input.priority } : {}),
    ...(comment && typeof comment.body === 'string'
      ? { comment: { body: comment.body, public: comment.public !== false } }
      : {}),
  };
}

/**
 * A segment every signed-in user belongs to: `signed_in_users` with no group, organisation, tag or added user
 * narrowing it (the user segments page cited in store.ts).
 */
export function plainSignedIn(segment: ZendeskUserSegment): boolean {
  return (
    segment.user_type === 'signed_in_users' &&
    segment.group_ids.length === 0 &&
    segment.organization_ids.length === 0 &&
    segment.tags.length === 0 &&
    segment.or_tags.length === 0 &&
    segment.added_user_ids.length === 0
  );
}

export { ZENDESK_FAKE_CLIENT, ZENDESK_FIXTURE_IDS, ZENDESK_FAKE_PROVIDED_ID_FIELD, ZENDESK_FIXTURE_USERS };
export type { FakeZendeskUser, UserInput };
export type { ZendeskOAuthClient, ZendeskArticle, ArticleInput };
export type { FakeTicket, TicketChange };
