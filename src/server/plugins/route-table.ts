import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route the app registered, as method and path: what the authorization matrix test walks, so that a
     * route added without a row there fails it; with the zod schemas of its input, which the fuzz tests
     * generate requests from.
     */
    routeTable: readonly RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  /** The route's input schemas as it declared them (zod, through fastify-type-provider-zod), if any. */
  schema?: RouteInputSchemas;
}

export interface RouteInputSchemas {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
}

/**
 * Records each route as it is registered. Registered on the root instance before any plugin, so the hook sees
 * the routes of every plugin after it. HEAD routes that Fastify adds beside each GET are left out: they share
 * the GET's hooks and answer as it does.
 */
export function registerRouteTable(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const { body, querystring, params } = route.schema ?? {};
      routes.push({ method, url: route.url, schema: { body, querystring, params } });
    }
  });
}
