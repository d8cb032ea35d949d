import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError, UNAVAILABLE_MESSAGE } from '../plugins/error-handler.js';
import { classifyDatabaseError } from '../db/errors.js';
import { FILE_PATH_PREFIXES } from '../plugins/static-files.js';
import { DOCS_PAGE_PATH } from '../../common/docs.js';
import { can } from '../../common/policies.js';
import { sessionOf } from '../plugins/guards.js';
import { searcherOf } from '../plugins/searcher.js';
import { presentSessionUser } from '../presenters/auth.js';
import { presentNotice } from '../presenters/notices.js';
import { listActiveNotices } from '../services/notices/notices.js';
import { createPageData, VISITOR } from '../ssr/page-data.js';
import { sendKept } from '../lib/kept-responses.js';
import { VIEW_ORDERED_TTL_MS } from '../services/knowledge/article-views.js';
import { WebAppNotBuiltError } from '../ssr/page-renderer.js';
import { ServiceError } from '../lib/errors.js';
import type { ListTicketsQuery } from '../../common/contracts/tickets.js';
import { requesterProfile } from '../services/tickets/ticket-people.js';
import { memberPageLoaders } from '../ssr/member-page-loaders.js';

export const NOT_BUILT_MESSAGE = 'The web app is not built: run npm run build';

const HTML = 'text/html; charset=utf-8';

const ERROR_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head>
<body><h1>Something went wrong</h1><p>Please try again later.</p></body></html>`;

/** A render the database could not serve in time (pool exhausted, server away): the API's 503, as a page. */
const BUSY_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>The portal is busy</title></head>
<body><h1>The portal is busy</h1><p>${UNAVAILABLE_MESSAGE}</p></body></html>`;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Pages whose render is kept for anonymous visitors: all but search results (their own caches). */
function isCacheablePage(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return pathname !== '/search' && !pathname.startsWith('/search/');
}

/**
 * Pages that show a list ordered by view counts (the home page's most popular, the Tech Hub's most viewed) are
 * kept for a bounded time too, so the counts readers add reach them; every other page until a content load.
 */
function keptPageOptions(url: string): { ttlMs?: number } {
  const [pathname = url, search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  const techHubHome =
    pathname === DOCS_PAGE_PATH && !params.has('article') && !params.has('q') && !params.has('section');
  return pathname === '/' || techHubHome ? { ttlMs: VIEW_ORDERED_TTL_MS } : {};
}

/**
 * Everything no route or static file claimed: unknown API paths get a JSON 404 (an API client must never
 * receive the app's HTML), page requests get the server-rendered app (history fallback), and the rest 404.
 */
export function registerPageFallback(app: FastifyInstance): void {
  const { pageRenderer: renderer, keptResponses: kept } = app;
  const visitorData = createPageData(app, VISITOR);
  const renderHtml = async (url: string) => {
    const page = await renderer.render({ url, config: app.portalConfig, data: visitorData, user: null });
    return { status: page.status, type: HTML, body: page.html };
  };
  /** A signed-in visitor's own render: their header and menus, and the data as the API gives it to them. */
  const renderFor = (request: FastifyRequest, url: string) => {
    const { user, session } = sessionOf(request);
    const viewer = {
      searcher: searcherOf(request),
      role: user.role,
      readsProtected: can(user, 'readProtectedArticles'),
      // The ticket page: a ticket this user may see (another's is the API's 404).
      ticket: async (id: number) => {
        if (!can(user, 'readTickets')) return null;
        try {
          return await app.tickets.details(user, id, request.log);
        } catch (error) {
          if (error instanceof ServiceError && error.code === 'NOT_FOUND') return null;
          throw error;
        }
      },
      requesterProfile: async () =>
        can(user, 'createTicket') ? requesterProfile(app.db, app.portalConfig, user.id) : null,
      notices: async () => ({ Items: (await listActiveNotices(app.notices, user)).map(presentNotice) }),
      ticketList: (query: ListTicketsQuery) => app.tickets.list(user, query, request.log),
      ...memberPageLoaders(app, user),
    };
    return renderer.render({
      url,
      config: app.portalConfig,
      data: createPageData(app, viewer),
      user: presentSessionUser(user, session),
    });
  };

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const { url, method } = request;
    if (isApiPath(url) || (method !== 'GET' && method !== 'HEAD')) {
      const pathname = (url.split('?')[0] ?? url).slice(0, 200);
      return reply.code(404).send(apiError(404, `No route for ${method} ${pathname}`));
    }
    if (FILE_PATH_PREFIXES.some((prefix) => url.startsWith(prefix))) {
      // A missing script or image must not come back as an HTML page the browser then fails to parse.
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    try {
      if (!request.user && isCacheablePage(url)) {
        return sendKept(
          request,
          reply,
          await kept.get(`page:${url}`, () => renderHtml(url), keptPageOptions(url)),
        );
      }
      if (!request.user) {
        const page = await renderHtml(url);
        return reply.code(page.status).type(HTML).header('cache-control', 'no-cache').send(page.body);
      }
      // A signed-in visitor's page is theirs alone (their name is on it): no cache keeps it.
      const page = await renderFor(request, url);
      return reply.code(page.status).type(HTML).header('cache-control', 'private, no-store').send(page.html);
    } catch (error) {
      if (error instanceof WebAppNotBuiltError) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(NOT_BUILT_MESSAGE);
      }
      if (classifyDatabaseError(error) === 'unavailable') {
        // As the API answers the same failure (plugins/error-handler.ts): the client or proxy may retry.
        request.log.error({ err: error }, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', '5')
          .type(HTML)
          .header('cache-control', 'no-store')
          .send(BUSY_PAGE);
      }
      request.log.error({ err: error }, 'server-side rendering failed');
      return reply.code(500).type(HTML).header('cache-control', 'no-store').send(ERROR_PAGE);
    }
  });
}
