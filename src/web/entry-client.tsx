import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers';
import { createRoutes } from './app/routes';
import { adoptServerUser, serverSessionState } from './lib/session/session-store';
import { loadPortalConfig, readPortalState } from './lib/portal-state';
import { createQueryClient } from './lib/query-client';
import { APP_LISTENING_EVENT } from './lib/app-listening';
import { runEffectsBeforeNextInput } from './lib/effects-after-input';
import { isPortalRouteHandle } from './lib/route-handle';
import { hydrateInSlices, slicesHydrated } from './lib/hydration-slices';

/**
 * Loads the code of the lazy routes that match the current URL and puts it on the route objects, so the first
 * client render produces the same markup as the server did (otherwise React would see an empty page where the
 * server rendered one and throw the server HTML away). The page's start script preloads these chunks next to
 * this entry (`<link rel="modulepreload">`, web/start-after-paint.ts), so this waits for no request and
 * hydration starts at once. For a signed-in user it also loads a members-only page's own code (preloaded too).
 */
async function resolveLazyMatches(routes: RouteObject[], signedIn: boolean): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
      // A members-only page's own code, as the server loaded it for this render (lib/session/member-body.tsx).
      if (signedIn && isPortalRouteHandle(loaded.handle)) await loaded.handle.body?.load();
    }),
  );
}

async function start(): Promise<void> {
  runEffectsBeforeNextInput();
  // Started first: the answer is usually in already (the head preloads it), else it arrives meanwhile.
  const loadingConfig = loadPortalConfig(document);
  const state = readPortalState(document);
  // Rendered for a signed-in user: this tab is that user (the session cookie said so), whatever storage holds.
  const user = state.user ?? null;
  if (user) adoptServerUser(user);
  const queryClient = createQueryClient('browser');
  // The page may come from the server's page cache, rendered minutes ago: its data is as current as the page
  // the server chose to send, so it counts as fetched now. Else every query older than its staleTime would be
  // fetched again as the page loads, the search that the page already shows included.
  const received = Date.now();
  for (const query of state.queries.queries) query.state.dataUpdatedAt = received;
  hydrate(queryClient, state.queries);

  const config = await loadingConfig;
  const routes = createRoutes(config);
  await resolveLazyMatches(routes, user !== null);
  const router = createBrowserRouter(routes);

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // Preact hydrates synchronously, so the frame is hydrated here and the header, page and footer each in a
  // task of their own after it (lib/hydration-slices.tsx): no task hydrates the whole page.
  hydrateInSlices(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <AppProviders config={config} queryClient={queryClient} session={serverSessionState(user)}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
  // The whole page listens now: the start script clicks again what was clicked before (start-after-paint.ts).
  await slicesHydrated();
  document.dispatchEvent(new Event(APP_LISTENING_EVENT));
}

void start();
