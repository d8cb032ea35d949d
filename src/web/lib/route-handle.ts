import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { SsrData } from '../../common/contracts/ssr';
import type { PortalConfig } from '../../common/portal-config';
import type { SessionActor } from './session/use-can';

/**
 * What a prefetch needs of the session the page is rendered with (lib/session's SessionState): what the
 * policies read (`sessionCan`) and the user's id.
 */
type RenderedSession = SessionActor & { userId: string };

interface RouteMeta {
  /** The page's own title; the shell appends the portal name. */
  title: string;
  description: string;
  /** HTTP status of a server render of this page; 200 when absent. */
  status?: number;
}

/**
 * What a page's meta is made from: the config, the route's params and the address's search params, and the
 * query cache, so a page can be titled by its data (an article's title, a ticket's subject). The server asks
 * once its prefetches are done; the browser again whenever the cache changes (use-document-meta.ts).
 */
export interface RouteMetaInput {
  config: PortalConfig;
  params: Params;
  searchParams: URLSearchParams;
  queryClient: QueryClient;
}

/**
 * What every page route exports as its `handle` (read through `useMatches()` on the client and from the
 * static handler's matches on the server): its head tags and status, and the data to fetch before a server
 * render so the first HTML already holds it (`searchParams` are the page's, e.g. the search of /search?q=).
 */
export interface PortalRouteHandle {
  meta(input: RouteMetaInput): RouteMeta;
  /**
   * `session` is the one the page is rendered with: query keys that depend on the user use it. `params` are
   * the route's (a ticket's number).
   */
  /**
   * A page only a signed-in user sees (lib/session/member-page.tsx): a render without a session holds the
   * home page's data instead, as the visitor is sent there with Customer Login open (fetched after the
   * redirect, its answer would load zod to check it).
   */
  membersOnly?: true;
  /**
   * A members-only page's own code, split off its route module (lib/session/member-body.tsx): loaded before a
   * signed-in render (the server's, and the browser's before hydrating), and preloaded with the page for them.
   */
  body?: { load(): Promise<void>; module: string };
  prefetch?(
    queryClient: QueryClient,
    data: SsrData,
    searchParams: URLSearchParams,
    session: RenderedSession,
    params: Params,
  ): Promise<void>;
}

export function isPortalRouteHandle(handle: unknown): handle is PortalRouteHandle {
  return (
    typeof handle === 'object' && handle !== null && typeof (handle as { meta?: unknown }).meta === 'function'
  );
}

/** `<title>` text: page first, portal last, so tabs and search results lead with what differs. */
export function documentTitle(meta: RouteMeta, config: PortalConfig): string {
  const portal = `${config.product.name} Support`;
  return meta.title === portal ? `${portal} | ${config.product.tagline}` : `${meta.title} | ${portal}`;
}

/**
 * The meta of the deepest matched route that declares a handle (the page, not the layout around it).
 * Takes matches shaped like `useMatches()` gives them; the server maps its route matches to this shape.
 */
export function resolveRouteMeta(
  matches: ReadonlyArray<{ handle: unknown; params: Params }>,
  input: Omit<RouteMetaInput, 'params'>,
): RouteMeta | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    if (match && isPortalRouteHandle(match.handle))
      return match.handle.meta({ ...input, params: match.params });
  }
  return null;
}

/** The data of the first cached query under `queryKey` (a prefix) that `accept` takes, if any. */
export function cachedData<T>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  accept: (key: readonly unknown[], data: T) => boolean = () => true,
): T | undefined {
  for (const [key, data] of queryClient.getQueriesData<T>({ queryKey })) {
    if (data !== undefined && accept(key, data)) return data;
  }
  return undefined;
}
