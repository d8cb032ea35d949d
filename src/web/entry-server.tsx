import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { SsrInput, SsrResult } from '../common/contracts/ssr';
import { escapeHtml } from '../common/snippet';
import type { PortalConfig } from '../common/portal-config';
import { AppProviders } from './app/app-providers';
import { createRoutes } from './app/routes';
import { serializePortalState } from './lib/portal-state';
import { createQueryClient } from './lib/query-client';
import { documentTitle, isPortalRouteHandle, resolveRouteMeta } from './lib/route-handle';

// One route tree and static handler per config object (the server passes the same one to every request), so a
// lazy route's module is resolved once per process instead of once per request.
const handlers = new WeakMap<PortalConfig, ReturnType<typeof createStaticHandler>>();

function staticHandlerFor(config: PortalConfig) {
  let handler = handlers.get(config);
  if (!handler) {
    handler = createStaticHandler(createRoutes(config));
    handlers.set(config, handler);
  }
  return handler;
}

/** Renders one page request to HTML (see src/common/contracts/ssr.ts); called by the server for every page. */
export async function render(input: SsrInput): Promise<SsrResult> {
  const { config } = input;
  const handler = staticHandlerFor(config);
  // Only path and search matter to the router; the origin is a placeholder.
  const context = await handler.query(new Request(new URL(input.url, 'http://portal.invalid')));
  if (context instanceof Response) {
    // Only loaders and actions answer with a Response, and no route has one.
    throw new Error(`Unexpected ${context.status} response while rendering ${input.url}`);
  }

  // query() has resolved the lazy routes of the match, so their handles are available now.
  const queryClient = createQueryClient('server');
  await Promise.all(
    context.matches.map((match) =>
      isPortalRouteHandle(match.route.handle)
        ? match.route.handle.prefetch?.(queryClient, input.data)
        : undefined,
    ),
  );

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <AppProviders config={config} queryClient={queryClient}>
      {/* hydrate={false}: React Router would inline its state in a <script>, which the CSP forbids. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );

  const meta = resolveRouteMeta(
    context.matches.map((match) => ({ handle: match.route.handle, params: match.params })),
    config,
  );
  const title = meta ? documentTitle(meta, config) : `${config.product.name} Support`;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    meta ? `<meta name="description" content="${escapeHtml(meta.description)}">` : '',
  ].join('');

  const state = serializePortalState({ config, queries: dehydrate(queryClient) });
  queryClient.clear();
  return { status: meta?.status ?? context.statusCode, head, html, state };
}
