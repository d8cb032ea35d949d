import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * What any connector may bring besides its interface: the endpoints only its own implementation needs (the
 * built-in help desk's sign-in page API, the built-in tracker's authorize endpoint, the built-in store's signed
 * URLs). app.ts registers the `routes` of the implementations the configuration chose, and no others, so a
 * vendor's deployment answers 404 on the built-ins' paths.
 */
export interface ConnectorRoutes {
  readonly routes?: FastifyPluginAsyncZod;
}
