import { registerRouteTable } from './plugins/route-table.js';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PortalConfig } from '../common/portal-config.js';
import { connectorRoutes, type Connectors } from './connectors/index.js';
import type { DatabaseHandle } from './db/client.js';
import type { Env } from './env.js';
import foundation from './plugins/foundation.js';
import { answerFrameworkError } from './plugins/framework-errors.js';
import { createKeptReplay, replayingServer } from './plugins/kept-replay.js';
import { requestIdFor } from './plugins/request-id.js';
import { serverTimeouts, trustProxyOption } from './plugins/server-options.js';
import { registerStaticFiles } from './plugins/static-files.js';
import { adminRoutes } from './routes/admin/index.js';
import { assistantRoutes } from './routes/assistant/index.js';
import { authRoutes } from './routes/auth/index.js';
import { chatRoutes } from './routes/chat/index.js';
import { downloadRoutes } from './routes/downloads/index.js';
import { noticeRoutes } from './routes/notices/index.js';
import { registerPageFallback } from './routes/pages.js';
import { searchRoutes } from './routes/search/index.js';
import { systemRoutes } from './routes/system/index.js';
import { ticketRoutes } from './routes/tickets/index.js';
import assistant from './services/assistant/plugin.js';
import auth from './services/auth/plugin.js';
import content from './services/content/plugin.js';
import downloads from './services/downloads/plugin.js';
import knowledge from './services/knowledge/plugin.js';
import notices from './services/notices/plugin.js';
import search from './services/search/plugin.js';
import type { SearchSources } from './services/search/types.js';
import tickets from './services/tickets/plugin.js';

/** The build output of `npm run build`, relative to this file so the working directory does not matter. */
export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../../dist', import.meta.url));

export interface BuildAppOptions {
  env: Env;
  config: PortalConfig;
  /** The open database; the caller owns it (opens, migrates, closes). */
  database: DatabaseHandle;
  /** A pino logger (main passes one); without it the app logs nothing, which is what tests want. */
  logger?: FastifyBaseLogger;
  /** Folder holding `client/` (browser build, SSR template) and `server/entry-server.js`; tests use a fixture. */
  distDir?: string;
  /** Search sources that replace the built-in ones (vendor adapters; tests register slow or failing ones). */
  searchSources?: Partial<SearchSources>;
  /** Connectors that replace the ones the configuration chose (tests substitute doubles). */
  connectors?: Partial<Connectors>;
}

export type App = FastifyInstance;

/**
 * Builds the Fastify application without listening, so tests drive it with `app.inject`. The caller owns
 * the database: it opens, migrates and closes it.
 *
 * The table of contents of the server. Registration order follows Fastify's habit: what every area stands on
 * (plugins/foundation.ts: hooks, the database, connectors, sessions), then each area's services
 * (`services/<area>/plugin.ts`, which decorate `app.searches`, `app.tickets`, ...), then each area's routes
 * (`routes/<area>/index.ts`), then the static files and the page render for everything else.
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const distDir = path.resolve(options.distDir ?? DEFAULT_DIST_DIR);
  const trustProxy = trustProxyOption(options.env.TRUST_PROXY);
  const keptReplay = createKeptReplay();
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    genReqId: requestIdFor,
    // One line per request instead of two (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // Ids travel in our own header (see request-id.ts), not in one Fastify reads blindly.
    requestIdHeader: false,
    // A URL the router cannot decode is answered before any hook: with the portal's headers and JSON error.
    frameworkErrors: answerFrameworkError,
    // Behind a load balancer: client address (rate limits) and protocol (cookies) come from X-Forwarded-*.
    trustProxy,
    // The HTTP server is the app's own, with the connection timeouts set on it: kept answers to anonymous GETs
    // are sent before Fastify sees the request (plugins/kept-replay.ts). Fastify's own timeout options apply
    // only to a server it makes, so they are not passed.
    serverFactory: replayingServer(keptReplay, serverTimeouts(options.env)),
    // While the instance closes, a request that still arrives on an open keep-alive connection (a proxy's) is
    // served, with `Connection: close`, rather than refused with 503: a proxy does not resend a refused POST to
    // another instance, so the client would see the 503, while the closed connection makes the proxy's next
    // request find the port shut and go to another instance. In-flight work finishes before the database
    // closes either way (shutdown.ts).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRouteTable(app);

  const { env, config, database } = options;
  await app.register(foundation, {
    env,
    config,
    database,
    distDir,
    keptReplay,
    trustProxy,
    ...(options.connectors ? { connectors: options.connectors } : {}),
  });

  // The areas' services.
  await app.register(auth);
  await app.register(search, options.searchSources ? { sources: options.searchSources } : {});
  await app.register(knowledge);
  await app.register(content);
  await app.register(notices);
  await app.register(assistant);
  await app.register(tickets);
  await app.register(downloads);

  // The areas' routes; each registers its full paths from common/api-paths.ts.
  await app.register(systemRoutes);
  await app.register(searchRoutes);
  await app.register(adminRoutes);
  await app.register(noticeRoutes);
  await app.register(downloadRoutes);
  await app.register(ticketRoutes);
  await app.register(assistantRoutes);
  await app.register(chatRoutes);
  await app.register(authRoutes);
  // The chosen connectors' own endpoints (the built-ins' sign-in page API, authorize endpoint, signed URLs).
  for (const routes of connectorRoutes(app.connectors)) await app.register(routes);
  await registerStaticFiles(app, { clientDir: path.join(distDir, 'client') });
  registerPageFallback(app);

  return app;
}
