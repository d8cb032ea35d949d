import { fileURLToPath } from 'node:url';
import path from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PortalConfig } from '../common/portal-config.js';
import type { Database } from './db/client.js';
import type { Env } from './env.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { echoRequestId, requestIdFor } from './plugins/request-id.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerStaticFiles } from './plugins/static-files.js';
import { latestKbRoutes } from './routes/aggregator/latest-kb.js';
import { registerPageFallback } from './routes/pages.js';
import { healthRoutes } from './routes/system/health.js';
import { trustRoutes } from './routes/system/trust.js';
import { createPageRenderer, type PageRenderer } from './ssr/page-renderer.js';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    /** The validated `config/portal.yaml`. */
    portalConfig: PortalConfig;
    db: Database;
    /** Renders pages with the web app's SSR bundle. */
    pageRenderer: PageRenderer;
  }
}

/** The build output of `npm run build`, relative to this file so the working directory does not matter. */
export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../../dist', import.meta.url));

export interface BuildAppOptions {
  env: Env;
  config: PortalConfig;
  db: Database;
  /** A pino logger (main passes one); without it the app logs nothing, which is what tests want. */
  logger?: FastifyBaseLogger;
  /** Folder holding `client/` (browser build, SSR template) and `server/entry-server.js`; tests use a fixture. */
  distDir?: string;
}

export type App = FastifyInstance;

/**
 * Builds the Fastify application without listening, so tests drive it with `app.inject`. The caller owns
 * the database: it opens, migrates and closes it.
 *
 * Registration order follows Fastify's habit: external plugins, then the app's own (decorators, error
 * handling), then routes, then the fallback for everything else.
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const distDir = path.resolve(options.distDir ?? DEFAULT_DIST_DIR);
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    genReqId: requestIdFor,
    // Ids travel in our own header (see request-id.ts), not in one Fastify reads blindly.
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // External plugins.
  await registerSecurityHeaders(app);
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
  await registerApiDocs(app, { productName: options.config.product.name });
  // Not applied anywhere yet: sign-in, signup and code entry opt in per route with `config.rateLimit`.
  await app.register(rateLimit, { global: false });

  // App plugins.
  app.decorate('env', options.env);
  app.decorate('portalConfig', options.config);
  app.decorate('db', options.db);
  app.decorate('pageRenderer', createPageRenderer({ distDir }));
  echoRequestId(app);
  registerErrorHandler(app);

  // Routes.
  await app.register(healthRoutes);
  await app.register(trustRoutes);
  await app.register(latestKbRoutes, { prefix: '/api/aggregator' });
  await registerStaticFiles(app, { clientDir: path.join(distDir, 'client') });
  registerPageFallback(app, app.pageRenderer);

  return app;
}
