import { fileURLToPath } from 'node:url';
import path from 'node:path';
import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ATTACHMENT_MAX_BYTES } from '../common/attachments.js';
import { CHATBOT_PAGE_PATH } from '../common/chat.js';
import type { PortalConfig } from '../common/portal-config.js';
import { createConnectors, type Connectors } from './connectors/index.js';
import { builtinHelpdeskRoutes } from './connectors/helpdesk/builtin/routes.js';
import { builtinTrackerRoutes } from './connectors/tracker/builtin/routes.js';
import { builtinStorageRoutes } from './connectors/storage/builtin/routes.js';
import { asBuiltinStorage } from './connectors/storage/index.js';
import { downloadFileRoutes } from './routes/downloads/download-files.js';
import { downloadRecordRoutes } from './routes/downloads/download-records.js';
import { readTicketRoutes } from './routes/tickets/read-tickets.js';
import { writeTicketRoutes } from './routes/tickets/write-tickets.js';
import { ticketAttachmentRoutes } from './routes/tickets/ticket-attachments.js';
import { ticketEventRoutes } from './routes/tickets/ticket-events.js';
import { assistantConversationRoutes } from './routes/assistant/conversations.js';
import { assistantMessageRoutes } from './routes/assistant/messages.js';
import { chatSettingsRoutes } from './routes/chat/chat-settings.js';
import { buildCatalogue, type Catalogue } from './services/downloads/catalogue.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { createDatabaseEvents, type DatabaseEvents } from './db/events.js';
import type { Env } from './env.js';
import { registerEventStreams } from './lib/event-stream.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { registerBodyPace } from './plugins/body-pace.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { echoRequestId, requestIdFor } from './plugins/request-id.js';
import { registerRequestDeadline } from './plugins/request-deadline.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { registerSameOriginCheck } from './plugins/same-origin.js';
import { registerPageContentSecurity, registerSecurityHeaders } from './plugins/security-headers.js';
import { createSearchCaches, registerSearch } from './plugins/search.js';
import { registerSessions } from './plugins/sessions.js';
import { registerStaticFiles } from './plugins/static-files.js';
import { searchAnalyticsRoutes } from './routes/admin/search-analytics.js';
import { latestKbRoutes } from './routes/aggregator/latest-kb.js';
import { agentPasswordRoutes } from './routes/auth/agent-password.js';
import { agentSsoRoutes } from './routes/auth/agent-sso.js';
import { authorizationRedirectRoutes } from './routes/auth/authorization-redirects.js';
import { customerSignInRoutes } from './routes/auth/customer-sign-in.js';
import { helpdeskCallbackRoutes } from './routes/auth/helpdesk-callback.js';
import { logoutRoutes } from './routes/auth/logout.js';
import { sessionRoutes } from './routes/auth/session.js';
import { signupRoutes } from './routes/auth/signup.js';
import { trackerCallbackRoutes } from './routes/auth/tracker-callback.js';
import { registerPageFallback } from './routes/pages.js';
import { aggregatorSearchRoutes } from './routes/search/aggregator-search.js';
import { knowledgeBaseRoutes } from './routes/search/knowledge-base.js';
import { pagedSearchRoutes } from './routes/search/paged-search.js';
import { suggestionsRoutes } from './routes/search/suggestions.js';
import { searchClickRoutes } from './routes/search/search-click.js';
import { noticeEventRoutes } from './routes/notices/notice-events.js';
import { readNoticeRoutes } from './routes/notices/read-notices.js';
import { seenByRoutes } from './routes/notices/seen-by-users.js';
import { writeNoticeRoutes } from './routes/notices/write-notices.js';
import { healthRoutes } from './routes/system/health.js';
import { trustRoutes } from './routes/system/trust.js';
import { configFileRoutes } from './routes/system/config-file.js';
import type { SearchSources } from './services/search/types.js';
import { loadSynonyms } from './config/load-synonyms.js';
import { synonymIndex } from './lib/fulltext/query-terms.js';
import { createPageRenderer, type PageRenderer } from './ssr/page-renderer.js';
import { clientAddressReader, registerRequestLog, type TrustProxy } from './plugins/request-log.js';
import { createKeptReplay, registerKeptReplay, replayingServer } from './plugins/kept-replay.js';
import { createKeptResponses, type KeptResponses } from './lib/kept-responses.js';
import { keepTermRarity, readTermRarity, type TermRarity } from './services/assistant/term-rarity.js';
import { ArticleViewCounter } from './services/knowledge/article-views.js';
import { articleFeedbackRoutes } from './routes/search/article-feedback.js';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    /** The validated `config/portal.yaml`. */
    portalConfig: PortalConfig;
    db: Database;
    /** Events between instances through the database (`LISTEN/NOTIFY`): live notice changes. */
    databaseEvents: DatabaseEvents;
    /** Renders pages with the web app's SSR bundle. */
    pageRenderer: PageRenderer;
    /** Anonymous renders and public answers kept until the content is loaded again (lib/kept-responses.ts). */
    keptResponses: KeptResponses;
    /** Drops everything computed from the content: call after every content load. */
    contentLoaded(): void;
    /** How many items of the help content hold each word stem, for the assistant (kept until a content load). */
    termRarity(): Promise<TermRarity>;
    /** Every external system (help desk, identity provider, tracker, ...), each behind its connector interface. */
    connectors: Connectors;
    mailer: Mailer;
    /** The files of `config.downloads` and where they live in the object store. */
    downloadsCatalogue: Catalogue;
    /** Articles' view counts, added up in memory and written in batches; flushed when the app closes. */
    articleViews: ArticleViewCounter;
  }
}

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
}

export type App = FastifyInstance;

const HEADERS_TIMEOUT_MS = 10_000;
/** How long article views are added up in memory before one statement writes them (the route says 30 s). */
const ARTICLE_VIEWS_FLUSH_MS = 30_000;
const CONNECTIONS_CHECKING_INTERVAL_MS = 1000;

/** A hop count (`TRUST_PROXY=1`) becomes the function form Fastify's types accept. */
function trustProxyOption(value: Env['TRUST_PROXY']): TrustProxy {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/**
 * Bounds on a connection's life, so no client can hold one open without limit: the headers must arrive within
 * 10 s, a body at the pace of plugins/body-pace.ts (else a 408), and an idle keep-alive connection closes
 * after KEEP_ALIVE_TIMEOUT_MS. Node checks the request timers every `connectionsCheckingInterval`; its
 * default of 30 s would let a timeout overrun by that much.
 *
 * Node's `requestTimeout` (the whole request, headers and body) stays as a backstop behind those rules rather
 * than being turned off, for a body nothing reads; but it must never cut an upload they allow. So it is the
 * longest such a request can take: its headers, the work before its body is read (the request deadline), and
 * the largest attachment at the minimum rate, plus one check interval.
 */
function serverTimeouts(env: Env) {
  const slowestBodyMs = Math.max(
    env.BODY_RATE_GRACE_MS,
    Math.ceil((ATTACHMENT_MAX_BYTES * 1000) / env.BODY_MIN_BYTES_PER_SECOND),
  );
  return {
    requestTimeout:
      HEADERS_TIMEOUT_MS + env.REQUEST_DEADLINE_MS + slowestBodyMs + CONNECTIONS_CHECKING_INTERVAL_MS,
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
    },
  };
}

/**
 * Builds the Fastify application without listening, so tests drive it with `app.inject`. The caller owns
 * the database: it opens, migrates and closes it.
 *
 * Registration order follows Fastify's habit: external plugins, then the app's own (decorators, error
 * handling), then routes, then the fallback for everything else.
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
    // Behind a load balancer: client address (rate limits) and protocol (cookies) come from X-Forwarded-*.
    trustProxy,
    // The HTTP server is the app's own, with the connection timeouts set on it: kept answers to anonymous GETs
    // are sent before Fastify sees the request (plugins/kept-replay.ts). Fastify's own timeout options apply
    // only to a server it makes, so they are not passed.
    serverFactory: replayingServer(keptReplay, serverTimeouts(options.env)),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First of all hooks, so that the time spent in every later one (sessions read the database) counts.
  registerRequestDeadline(app, { deadlineMs: options.env.REQUEST_DEADLINE_MS });
  // Before any plugin that wraps the body (request decompression), so the pace is that of the bytes sent.
  registerBodyPace(app, {
    idleMs: options.env.BODY_IDLE_TIMEOUT_MS,
    graceMs: options.env.BODY_RATE_GRACE_MS,
    minBytesPerSecond: options.env.BODY_MIN_BYTES_PER_SECOND,
  });

  // External plugins.
  await registerSecurityHeaders(app);
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
  await registerApiDocs(app, { productName: options.config.product.name });
  // Routes opt in with `config.rateLimit`; the counts are shared by all instances (plugins/rate-limits.ts).
  await registerRateLimits(app, { env: options.env, db: options.database.db });

  // App plugins.
  app.decorate('env', options.env);
  app.decorate('portalConfig', options.config);
  app.decorate('db', options.database.db);
  const databaseEvents = createDatabaseEvents(options.database, app.log);
  app.decorate('databaseEvents', databaseEvents);
  app.addHook('onClose', async () => databaseEvents.close());
  app.decorate('pageRenderer', createPageRenderer({ distDir }));
  app.decorate('keptResponses', createKeptResponses({ maxBytes: options.env.PAGE_CACHE_MAX_BYTES }));
  const mailer = createMailer({
    smtpUrl: options.env.SMTP_URL,
    from: options.env.MAIL_FROM ?? `no-reply@${options.config.support.corporateEmailDomain}`,
    log: app.log,
  });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  const searchCaches = createSearchCaches(options.env);
  const synonyms = synonymIndex(await loadSynonyms(options.env.SEARCH_SYNONYMS_FILE));
  const connectors = createConnectors({
    db: options.database.db,
    env: options.env,
    log: app.log,
    mailer,
    productName: options.config.product.name,
    searchCaches,
    synonyms,
  });
  app.decorate('connectors', connectors);
  // The chat's origins (Intercom's, when it runs) are allowed on the chat's page only.
  registerPageContentSecurity(app, { path: CHATBOT_PAGE_PATH, sources: connectors.chat.pageSources });
  app.decorate('downloadsCatalogue', buildCatalogue(options.config.downloads));
  echoRequestId(app);
  registerRequestLog(app);
  // Before the routes: a hook added later does not reach the routes of plugins already registered.
  registerKeptReplay(app, keptReplay, clientAddressReader(trustProxy));
  registerErrorHandler(app);
  registerSameOriginCheck(app);
  await registerSessions(app);
  registerEventStreams(app, {
    perUser: options.env.STREAMS_PER_USER,
    perInstance: options.env.STREAMS_PER_INSTANCE,
  });
  registerSearch(app, {
    env: options.env,
    connectors,
    caches: searchCaches,
    synonyms,
    ...(options.searchSources ? { sources: options.searchSources } : {}),
  });

  const articleViews = new ArticleViewCounter(app.db, {
    flushMs: ARTICLE_VIEWS_FLUSH_MS,
    maxArticles: 10_000,
    maxReaders: 100_000,
    onError: (error) => app.log.error({ err: error }, 'article view counts write failed'),
  });
  app.decorate('articleViews', articleViews);
  app.addHook('onClose', async () => articleViews.close());

  const termRarity = keepTermRarity(() => readTermRarity(app.db));
  app.decorate('termRarity', termRarity.get);

  app.decorate('contentLoaded', () => {
    termRarity.forget();
    app.searchService.clearCaches();
    app.keptResponses.clear();
    keptReplay.clear();
  });

  // Routes, by domain; each registers its full path from common/api-paths.ts.
  await app.register(healthRoutes);
  await app.register(trustRoutes);
  await app.register(configFileRoutes);
  await app.register(latestKbRoutes);
  await app.register(aggregatorSearchRoutes);
  await app.register(pagedSearchRoutes);
  await app.register(suggestionsRoutes);
  await app.register(searchClickRoutes);
  await app.register(knowledgeBaseRoutes);
  await app.register(articleFeedbackRoutes);
  await app.register(searchAnalyticsRoutes);
  await app.register(readNoticeRoutes);
  await app.register(writeNoticeRoutes);
  await app.register(seenByRoutes);
  await app.register(noticeEventRoutes);
  await app.register(downloadFileRoutes);
  await app.register(downloadRecordRoutes);
  await app.register(readTicketRoutes);
  await app.register(writeTicketRoutes);
  await app.register(ticketAttachmentRoutes);
  await app.register(ticketEventRoutes);
  await app.register(assistantMessageRoutes);
  await app.register(assistantConversationRoutes);
  await app.register(chatSettingsRoutes);
  await app.register(customerSignInRoutes);
  await app.register(signupRoutes);
  await app.register(helpdeskCallbackRoutes);
  await app.register(agentSsoRoutes);
  await app.register(agentPasswordRoutes);
  await app.register(trackerCallbackRoutes);
  await app.register(sessionRoutes);
  await app.register(logoutRoutes);
  await app.register(authorizationRedirectRoutes);
  // The built-in connectors' own endpoints (a vendor's help desk or tracker serves these itself).
  await app.register(builtinHelpdeskRoutes);
  await app.register(builtinTrackerRoutes);
  const builtinStorage = asBuiltinStorage(connectors.storage);
  if (builtinStorage) await app.register(builtinStorageRoutes(builtinStorage));
  await registerStaticFiles(app, { clientDir: path.join(distDir, 'client') });
  registerPageFallback(app, app.pageRenderer, app.keptResponses);

  return app;
}
