import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import { CHATBOT_PAGE_PATH } from '../../common/chat.js';
import { DOCS_PAGE_PATH } from '../../common/docs.js';
import type { PortalConfig } from '../../common/portal-config.js';
import { loadSynonyms } from '../config/load-synonyms.js';
import { createConnectors, type Connectors } from '../connectors/index.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import { createDatabaseEvents, type DatabaseEvents } from '../db/events.js';
import type { Env } from '../env.js';
import { registerEventStreams, STREAM_PLACE_TTL_MS } from '../lib/event-stream.js';
import { commonLexemes } from '../lib/fulltext/common-lexemes.js';
import { createSearchCaches, type SearchCaches } from '../lib/fulltext/search-caches.js';
import { synonymIndex, type SynonymIndex } from '../lib/fulltext/query-terms.js';
import { createKeptResponses, type KeptResponses } from '../lib/kept-responses.js';
import { openStreamPlaces } from '../lib/stream-places.js';
import { sharedRedisHealth, type SharedRedisHealth } from '../lib/shared-redis.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import { FEW_MATCHES } from '../services/search/fallbacks.js';
import { PassageVectors } from '../services/search/passage-vectors.js';
import { refreshSearchWords } from '../services/search/search-words.js';
import { createPageRenderer, type PageRenderer } from '../ssr/page-renderer.js';
import { registerApiDocs } from './api-docs.js';
import { registerBodyPace } from './body-pace.js';
import { registerErrorHandler } from './error-handler.js';
import { registerKeptReplay, type KeptReplay } from './kept-replay.js';
import { registerSmallAnswerCompression } from './small-answers.js';
import { registerRateLimits } from './rate-limits.js';
import { clientAddressReader, registerRequestLog, type TrustProxy } from './request-log.js';
import { registerRequestDeadline } from './request-deadline.js';
import { echoRequestId } from './request-id.js';
import { registerSameOriginCheck } from './same-origin.js';
import { registerPageContentSecurity, registerSecurityHeaders } from './security-headers.js';
import { registerSessions } from './sessions.js';
import { registerMetrics } from './metrics.js';
import { browserMonitoring } from '../ssr/browser-monitoring.js';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    /** The validated `config/portal.yaml`. */
    portalConfig: PortalConfig;
    db: Database;
    /** Events between instances through the database (`LISTEN/NOTIFY`): live notice and ticket changes. */
    databaseEvents: DatabaseEvents;
    /** Whether the shared stores' Redis answers (REDIS_URL), for `/readyz`. */
    sharedRedis: SharedRedisHealth;
    /** Renders pages with the web app's SSR bundle. */
    pageRenderer: PageRenderer;
    /** Anonymous renders and public answers kept until the content is loaded again (lib/kept-responses.ts). */
    keptResponses: KeptResponses;
    /** Every external system (help desk, identity provider, tracker, ...), each behind its connector interface. */
    connectors: Connectors;
    mailer: Mailer;
    /** The caches of the built-in searches (emptied by a content load). */
    searchCaches: SearchCaches;
    /** The synonym list of the built-in searches (the assistant weighs passages with it too). */
    searchSynonyms: SynonymIndex;
    /**
     * Brings what is computed from the content up to date: the 'Did you mean' word list is cut again from the
     * titles, and caches and kept answers are dropped. Call after every content load or sync.
     */
    contentLoaded(): Promise<void>;
    /**
     * The content passages' vectors, computed in the background after each content load and fused with the
     * full-text ranking of search; null when embeddings are off.
     */
    passageVectors: PassageVectors | null;
    /** Adds what a content load must drop (an area plugin's kept answers). */
    onContentLoaded(forget: () => void): void;
  }
}

export interface FoundationOptions {
  env: Env;
  config: PortalConfig;
  /** The open database; the caller owns it (opens, migrates, closes). */
  database: DatabaseHandle;
  /** Folder holding `client/` (browser build, SSR template) and `server/entry-server.js`. */
  distDir: string;
  /** The app's HTTP server's store of kept answers (plugins/kept-replay.ts). */
  keptReplay: KeptReplay;
  trustProxy: TrustProxy;
  /** Connectors that replace the ones the configuration chose (tests substitute doubles). */
  connectors?: Partial<Connectors>;
}

/**
 * What every area stands on: the request's bounds and headers, the database and its events, the connectors,
 * mail, the page renderer, request ids and logs, errors, the same-origin check, sessions and event streams.
 * The order is the order of the hooks: the request deadline first, so the time spent in every later hook
 * (sessions read the database) counts.
 */
async function foundation(app: FastifyInstance, options: FoundationOptions): Promise<void> {
  const { env, config, database, keptReplay } = options;
  // First: every answer, whichever hook sends it, carries the id, and every line logged meanwhile names it.
  echoRequestId(app);
  const monitoring = browserMonitoring(env);
  registerRequestDeadline(app, { deadlineMs: env.REQUEST_DEADLINE_MS });
  // Before any plugin that wraps the body (request decompression), so the pace is that of the bytes sent.
  registerBodyPace(app, {
    idleMs: env.BODY_IDLE_TIMEOUT_MS,
    graceMs: env.BODY_RATE_GRACE_MS,
    minBytesPerSecond: env.BODY_MIN_BYTES_PER_SECOND,
  });

  // External plugins.
  await registerSecurityHeaders(app, monitoring?.sources);
  // The gate of /metrics, before any hook does work for a request it refuses (its answer has the headers).
  registerMetrics(app, { env, trustProxy: options.trustProxy });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'] });
  registerSmallAnswerCompression(app);
  await registerApiDocs(app, { productName: config.product.name });
  // Routes opt in with `config.rateLimit`; the counts are shared by all instances (plugins/rate-limits.ts).
  const redisHealth = sharedRedisHealth();
  app.decorate('sharedRedis', redisHealth);
  await registerRateLimits(app, { env, db: database.db, redisHealth });

  app.decorate('env', env);
  app.decorate('portalConfig', config);
  app.decorate('db', database.db);
  const databaseEvents = createDatabaseEvents(database, app.log);
  app.decorate('databaseEvents', databaseEvents);
  app.addHook('onClose', async () => databaseEvents.close());
  app.decorate(
    'pageRenderer',
    createPageRenderer({
      distDir: options.distDir,
      ...(monitoring ? { headTags: monitoring.headTags } : {}),
    }),
  );
  app.decorate('keptResponses', createKeptResponses({ maxBytes: env.PAGE_CACHE_MAX_BYTES }));
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM ?? `no-reply@${config.support.corporateEmailDomain}`,
    log: app.log,
  });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  const searchCaches = createSearchCaches(env);
  // Made once the embedder connector exists, which the searches' options (made with the connectors) ask.
  let passageVectors: PassageVectors | null = null;
  const synonyms = synonymIndex(await loadSynonyms(env.SEARCH_SYNONYMS_FILE));
  app.decorate('searchCaches', searchCaches);
  app.decorate('searchSynonyms', synonyms);
  const connectors: Connectors = {
    ...createConnectors(env, {
      db: database.db,
      log: app.log,
      mailer,
      productName: config.product.name,
      fullText: {
        db: database.db,
        caches: searchCaches,
        candidateLimit: env.SEARCH_CANDIDATE_LIMIT,
        synonyms,
        commonLexemes: commonLexemes(database.db),
        vectors: {
          covers: (table) => passageVectors?.covers(table) ?? false,
          rank: (table, query, limit) => passageVectors?.rank(table, query, limit) ?? Promise.resolve(null),
        },
        extendFrom: FEW_MATCHES,
      },
    }),
    ...options.connectors,
  };
  app.decorate('connectors', connectors);
  passageVectors = connectors.embedder
    ? new PassageVectors({
        db: database.db,
        embedder: connectors.embedder,
        log: app.log,
        // Pages and answers kept so far were ranked without the new vectors.
        onReady: () => {
          searchCaches.clear();
          app.keptResponses.clear();
          keptReplay.clear();
        },
      })
    : null;
  app.decorate('passageVectors', passageVectors);
  app.addHook('onClose', async () => passageVectors?.stop());
  // The chat's origins (Intercom's, when it runs) are allowed on the chat's page only.
  const everywhere = monitoring?.sources ?? {};
  registerPageContentSecurity(app, {
    path: CHATBOT_PAGE_PATH,
    sources: connectors.chat.pageSources,
    everywhere,
  });
  // The knowledge base's image hosts, on the page that shows its article bodies only.
  registerPageContentSecurity(app, {
    path: DOCS_PAGE_PATH,
    sources: connectors.knowledgeBase.pageSources,
    everywhere,
  });

  const forgetters: (() => void)[] = [];
  app.decorate('onContentLoaded', (forget: () => void) => {
    forgetters.push(forget);
  });
  app.decorate('contentLoaded', async () => {
    await refreshSearchWords(database.db, [connectors.knowledgeBase, connectors.docs, connectors.community]);
    for (const forget of forgetters) forget();
    searchCaches.clear();
    app.keptResponses.clear();
    keptReplay.clear();
    // In the background: search stays full-text only (or on the last vectors) until the pass ends.
    passageVectors?.refresh();
  });

  registerRequestLog(app);
  // Before the routes: a hook added later does not reach the routes of plugins already registered.
  registerKeptReplay(app, keptReplay, clientAddressReader(options.trustProxy));
  registerErrorHandler(app);
  registerSameOriginCheck(app);
  await registerSessions(app);
  const streamPlaces = await openStreamPlaces({
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    db: database.db,
    ttlMs: STREAM_PLACE_TTL_MS,
    log: app.log,
    redisHealth: app.sharedRedis,
  });
  registerEventStreams(
    app,
    { perUser: env.STREAMS_PER_USER, perInstance: env.STREAMS_PER_INSTANCE },
    streamPlaces,
  );
}

export default fp(foundation, { name: 'foundation' });
