import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '../plugins/error-handler.js';
import { FILE_PATH_PREFIXES } from '../plugins/static-files.js';
import { createPageData } from '../ssr/page-data.js';
import { WebAppNotBuiltError, type PageRenderer } from '../ssr/page-renderer.js';

export const NOT_BUILT_MESSAGE = 'The web app is not built: run npm run build';

const ERROR_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head>
<body><h1>Something went wrong</h1><p>Please try again later.</p></body></html>`;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Everything no route or static file claimed: unknown API paths get a JSON 404 (an API client must never
 * receive the app's HTML), page requests get the server-rendered app (history fallback), and the rest 404.
 */
export function registerPageFallback(app: FastifyInstance, renderer: PageRenderer): void {
  const data = createPageData(app);

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
      const page = await renderer.render({ url, config: app.portalConfig, data });
      return reply
        .code(page.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
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
