import type { Env } from '../env.js';
import { createChatConnector } from './chat/index.js';
import type { ChatConnector } from './chat/types.js';
import { createCommunityConnector } from './community/index.js';
import type { CommunityConnector } from './community/types.js';
import type { ConnectorRoutes } from './connector-routes.js';
import { createDocsConnector } from './docs/index.js';
import type { DocsConnector } from './docs/types.js';
import { createEmbedderConnector } from './embedder/index.js';
import type { Embedder } from './embedder/types.js';
import { createHelpdeskConnector } from './helpdesk/index.js';
import type { HelpdeskConnector } from './helpdesk/types.js';
import { createIdentityConnector } from './identity/index.js';
import type { IdentityConnector } from './identity/types.js';
import { createKnowledgeBaseConnector } from './knowledge-base/index.js';
import type { KnowledgeBaseConnector } from './knowledge-base/types.js';
import { createModelConnector } from './model/index.js';
import type { AnswerModel } from './model/types.js';
import type { ConnectorRegistry, ConnectorShared } from './shared.js';
import { createStorageConnector } from './storage/index.js';
import type { StorageConnector } from './storage/types.js';
import { createTicketDeskConnector } from './ticket-desk/index.js';
import type { TicketDeskConnector } from './ticket-desk/types.js';
import { createTrackerConnector } from './tracker/index.js';
import type { TrackerConnector } from './tracker/types.js';

export type { ConnectorShared } from './shared.js';

/**
 * Every external system the portal talks to, each behind the interface of its kind (`<kind>/types.ts`) and
 * picked from the environment by its registry (`<kind>/index.ts`). Services and routes know only these
 * interfaces; a vendor adapter (Zendesk, Jira, GitBook, Forumbee, Intercom, S3, an OpenAI-compatible model) is
 * a folder beside `builtin/`.
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
  /** Text to vector, for the content's passages and the search queries; null when embeddings are off. */
  embedder: Embedder | null;
}

/** Each kind's registry, all of one shape: `(env, shared)`. */
const registries: { [Kind in keyof Connectors]: ConnectorRegistry<Connectors[Kind]> } = {
  helpdesk: createHelpdeskConnector,
  knowledgeBase: createKnowledgeBaseConnector,
  ticketDesk: createTicketDeskConnector,
  identity: createIdentityConnector,
  tracker: createTrackerConnector,
  docs: createDocsConnector,
  community: createCommunityConnector,
  chat: createChatConnector,
  storage: createStorageConnector,
  model: createModelConnector,
  embedder: createEmbedderConnector,
};

export function createConnectors(env: Env, shared: ConnectorShared): Connectors {
  const build = <Kind extends keyof Connectors>(kind: Kind): Connectors[Kind] =>
    registries[kind](env, shared);
  return {
    helpdesk: build('helpdesk'),
    knowledgeBase: build('knowledgeBase'),
    ticketDesk: build('ticketDesk'),
    identity: build('identity'),
    tracker: build('tracker'),
    docs: build('docs'),
    community: build('community'),
    chat: build('chat'),
    storage: build('storage'),
    model: build('model'),
    embedder: build('embedder'),
  };
}

/** The endpoints the chosen implementations bring (`routes`), for app.ts to register: none of the others'. */
export function connectorRoutes(connectors: Connectors): NonNullable<ConnectorRoutes['routes']>[] {
  return Object.values(connectors).flatMap((connector: ConnectorRoutes | null) =>
    connector?.routes ? [connector.routes] : [],
  );
}
