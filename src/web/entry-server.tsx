import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { SsrInput, SsrResult } from '../common/contracts/ssr';
import { escapeHtml } from '../common/snippet';
import type { PortalConfig } from '../common/portal-config';
import { AppProviders } from './app/app-providers';
import { createRoutes, pageModuleFilesById } from './app/routes';
import { serverSessionState } from './lib/session/session-store';
import { prefetchNotices } from './features/notices/api/get-notices';
import { latestKbQueryOptions } from './features/knowledge-base/api/get-latest-kb';
import { serializePortalState } from './lib/portal-state';
import { createQueryClient } from './lib/query-client';
import { documentTitle, isPortalRouteHandle, resolveRouteMeta } from './lib/route-handle';

// One route tree and static handler per config object (the server passes the same one to every request), so a
// lazy route's module is resolved once per process instead of once per request.
interface AppRouting {
  handler: ReturnType<typeof createStaticHandler>;
  /** The page module of each lazy route by id, read before the handler resolved any. */
  pageFiles: Map<string, string>;
}
const routings = new WeakMap<PortalConfig, AppRouting>();

function routingFor(config: PortalConfig): AppRouting {
  let routing = routings.get(config);
  if (!routing) {
    const handler = createStaticHandler(createRoutes(config));
    routing = { handler, pageFiles: pageModuleFilesById(handler.dataRoutes) };
    routings.set(config, routing);
  }
  return routing;
}

/** The source files of the members-only page bodies among these handles (preloaded for a signed-in user). */
function bodyModules(handles: unknown[]): string[] {
  return handles.flatMap((handle) =>
    isPortalRouteHandle(handle) && handle.body ? [handle.body.module] : [],
  );
}

/** Renders one page request to HTML (see src/common/contracts/ssr.ts); called by the server for every page. */
export async function render(input: SsrInput): Promise<SsrResult> {
  const { config } = input;
  const { handler, pageFiles } = routingFor(config);
  // Only path and search matter to the router; the origin is a placeholder.
  const url = new URL(input.url, 'http://portal.invalid');
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    // Only loaders and actions answer with a Response, and no route has one.
    throw new Error(`Unexpected ${context.status} response while rendering ${input.url}`);
  }

  // query() has resolved the lazy routes of the match, so their handles are available now.
  const queryClient = createQueryClient('server');
  const session = serverSessionState(input.user);
  await Promise.all([
    ...context.matches.map((match) =>
      isPortalRouteHandle(match.route.handle)
        ? match.route.handle.prefetch?.(queryClient, input.data, url.searchParams, session, match.params)
        : undefined,
    ),
    // The header's bell, on every page of a signed-in render.
    input.user ? prefetchNotices(queryClient, input.data) : undefined,
    // A members-only page's own code, for its signed-in render only (lib/session/member-body.tsx).
    ...context.matches.map((match) =>
      input.user && isPortalRouteHandle(match.route.handle) ? match.route.handle.body?.load() : undefined,
    ),
    // A members-only page without a session: what the home page it sends the visitor to shows (routes/home.tsx).
    !input.user &&
    context.matches.some((match) => isPortalRouteHandle(match.route.handle) && match.route.handle.membersOnly)
      ? queryClient.prefetchQuery({ ...latestKbQueryOptions(), queryFn: () => input.data.latestKb() })
      : undefined,
  ]);
  // A failed prefetch is left to the browser to retry: rendered as an error here, it would not match the
  // pending query the browser starts from (failed queries are not dehydrated).
  queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <AppProviders config={config} queryClient={queryClient} session={session}>
      {/* hydrate={false}: React Router would inline its state in a <script>, which the CSP forbids. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );

  // After the prefetches: a page titled by its data (an article, a ticket) finds it in the cache.
  const meta = resolveRouteMeta(
    context.matches.map((match) => ({ handle: match.route.handle, params: match.params })),
    { config, searchParams: url.searchParams, queryClient },
  );
  const title = meta ? documentTitle(meta, config) : `${config.product.name} Support`;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    meta ? `<meta name="description" content="${escapeHtml(meta.description)}">` : '',
  ].join('');

  const state = serializePortalState({ queries: dehydrate(queryClient), user: input.user });
  queryClient.clear();
  return {
    status: meta?.status ?? context.statusCode,
    head,
    html,
    state,
    modules: [
      // The page modules of the routes matched (the address is not matched against the tree again).
      ...context.matches.flatMap((match) => pageFiles.get(match.route.id) ?? []),
      ...(input.user ? bodyModules(context.matches.map((match) => match.route.handle)) : []),
    ],
  };
}
