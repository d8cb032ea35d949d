import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import type { Env } from '../env.js';
import type { FullTextOptions, SearchCacheFactory } from '../lib/fulltext/fulltext-search.js';
import type { SynonymIndex } from '../lib/fulltext/query-terms.js';
import type { Mailer } from '../mail/mailer.js';
import { createChatConnector } from './chat/index.js';
import type { ChatConnector } from './chat/types.js';
import { createCommunityConnector } from './community/index.js';
import type { CommunityConnector } from './community/types.js';
import { createDocsConnector } from './docs/index.js';
import type { DocsConnector } from './docs/types.js';
import type { ConnectorRoutes } from './connector-routes.js';
import { createHelpdeskConnector } from './helpdesk/index.js';
import type { HelpdeskConnector } from './helpdesk/types.js';
import { createIdentityConnector } from './identity/index.js';
import type { IdentityConnector } from './identity/types.js';
import { createKnowledgeBaseConnector } from './knowledge-base/index.js';
import type { KnowledgeBaseConnector } from './knowledge-base/types.js';
import { createModelConnector } from './model/index.js';
import type { AnswerModel } from './model/types.js';
import { createStorageConnector } from './storage/index.js';
import type { StorageConnector } from './storage/types.js';
import { createTicketDeskConnector } from './ticket-desk/index.js';
import type { TicketDeskConnector } from './ticket-desk/types.js';
import { createTrackerConnector } from './tracker/index.js';
import type { TrackerConnector } from './tracker/types.js';
import { commonLexemes } from '../lib/fulltext/common-lexemes.js';

/**
 * Every external system the portal talks to, each behind the interface of its kind (`<kind>/types.ts`) and
 * picked from the configuration by its registry (`<kind>/index.ts`). Services and routes know only these
 * interfaces; a vendor adapter (Zendesk, Jira, GitBook, Forumbee, Intercom, S3, an OpenAI-compatible model) is a folder beside `builtin/`.
 */
export interface Connectors {
  /** Customer and agent accounts, and the sign-in through the help desk. */
  helpdesk: HelpdeskConnector;
  knowledgeBase: KnowledgeBaseConnector;
  ticketDesk: TicketDeskConnector;
  identity: IdentityConnector;
  tracker: TrackerConnector;
  docs: DocsConnector;
  community: CommunityConnector;
  chat: ChatConnector;
  storage: StorageConnector;
  /** The language model of the assistant's generated answers; null when none is configured. */
  model: AnswerModel | null;
}

export function createConnectors(options: {
  db: Database;
  env: Env;
  log: FastifyBaseLogger;
  mailer: Mailer;
  productName: string;
  /** The caches of the built-in searches; the search plugin empties them after a content load. */
  searchCaches: SearchCacheFactory;
  /** The synonym list of the built-in searches. */
  synonyms: SynonymIndex;
}): Connectors {
  const { db, env } = options;
  const fullText: FullTextOptions = {
    db,
    caches: options.searchCaches,
    candidateLimit: env.SEARCH_CANDIDATE_LIMIT,
    synonyms: options.synonyms,
    commonLexemes: commonLexemes(db),
  };
  return {
    helpdesk: createHelpdeskConnector({
      db,
      mailer: options.mailer,
      log: options.log,
      productName: options.productName,
      codeLimits: {
        windowMs: env.SIGN_IN_CODE_LIMIT_WINDOW_MINUTES * 60_000,
        codesPerAddress: env.SIGN_IN_CODES_PER_ADDRESS,
        wrongCodesPerAddress: env.SIGN_IN_WRONG_CODES_PER_ADDRESS,
      },
    }),
    knowledgeBase: createKnowledgeBaseConnector({ fullText }),
    ticketDesk: createTicketDeskConnector({ db, fullText }),
    identity: createIdentityConnector(options),
    tracker: createTrackerConnector({ db, fullText }),
    docs: createDocsConnector({ fullText }),
    community: createCommunityConnector({ fullText }),
    chat: createChatConnector({
      chatJwtSecret: env.CHAT_JWT_SECRET,
      intercomAppId: env.INTERCOM_APP_ID,
      intercomIdentitySecret: env.INTERCOM_IDENTITY_SECRET,
    }),
    storage: createStorageConnector({ db }),
    model: createModelConnector({
      url: env.ASSISTANT_LLM_URL,
      model: env.ASSISTANT_LLM_MODEL,
      apiKey: env.ASSISTANT_LLM_API_KEY,
      timeoutMs: env.ASSISTANT_LLM_TIMEOUT_MS,
    }),
  };
}

/** The endpoints the chosen implementations bring (`routes`), for app.ts to register: none of the others'. */
export function connectorRoutes(connectors: Connectors): NonNullable<ConnectorRoutes['routes']>[] {
  return Object.values(connectors).flatMap((connector: ConnectorRoutes | null) =>
    connector?.routes ? [connector.routes] : [],
  );
}
