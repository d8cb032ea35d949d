import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { builtinHelpdeskRoutes } from './helpdesk/builtin/routes.js';
import { builtinStorageRoutes } from './storage/builtin/routes.js';
import { asBuiltinStorage } from './storage/index.js';
import { builtinTrackerRoutes } from './tracker/builtin/routes.js';

/** The built-in connectors' own endpoints (a vendor's help desk or tracker serves these itself). */
export const builtinConnectorRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(builtinHelpdeskRoutes);
  await app.register(builtinTrackerRoutes);
  const builtinStorage = asBuiltinStorage(app.connectors.storage);
  if (builtinStorage) await app.register(builtinStorageRoutes(builtinStorage));
};
