import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '../plugins/error-handler.js';
import { FILE_PATH_PREFIXES } from '../plugins/static-files.js';
import { createPageData } from '../ssr/page-data.js';
import { chooseEncoding, matchesEtag, type CachedPage, type PageCache } from '../ssr/page-cache.js';
import { WebAppNotBuiltError, type PageRenderer } from '../ssr/page-renderer.js';

export const NOT_BUILT_MESSAGE = 'The web app is not built: run npm run build';

const ERROR_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head>
<body><h1>Something went wrong</h1><p>Please try again later.</p></body></html>`;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * How long a browser or CDN may use an anonymous page without asking, and how long it may keep serving it
 * while it asks again: a spike is absorbed in front of the portal too, and a content change shows within a
 * minute.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

/** Pages whose render is cached for anonymous visitors: all but search results (their own caches). */
function isCacheablePage(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return pathname !== '/search' && !pathname.startsWith('/search/');
}

/** A cached render: 304 when the browser holds it, else the body in the encoding it takes. */
function sendCached(request: FastifyRequest, reply: FastifyReply, page: CachedPage): FastifyReply {
  if (page.status >= 500) {
    return reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page.html);
  }
  reply
    .header('etag', page.etag)
    .header('cache-control', PUBLIC_PAGE_CACHE_CONTROL)
    // A signed-in visitor's request carries the session cookie and must not be answered from a shared copy.
    .header('vary', 'Accept-Encoding, Cookie');
  if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  reply.code(page.status).type('text/html; charset=utf-8');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
}

/**
 * Everything no route or static file claimed: unknown API paths get a JSON 404 (an API client must never
 * receive the app's HTML), page requests get the server-rendered app (history fallback), and the rest 404.
 */
export function registerPageFallback(app: FastifyInstance, renderer: PageRenderer, cache: PageCache): void {
  const data = createPageData(app);
  const render = (url: string) => renderer.render({ url, config: app.portalConfig, data });

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
        return sendCached(request, reply, await cache.get(url, () => render(url)));
      }
      const page = await render(url);
      // A signed-in visitor's page is theirs alone: no shared cache keeps it.
      return reply
        .code(page.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', request.user ? 'private, no-store' : 'no-cache')
        .send(page.html);
    } catch (error) {
      if (error instanceof WebAppNotBuiltError) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(NOT_BUILT_MESSAGE);
      }
      request.log.error({ err: error }, 'server-side rendering failed');
      return reply
        .code(500)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(ERROR_PAGE);
    }
  });
}
