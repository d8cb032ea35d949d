import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import type { Env } from '../env.js';
import type { FullTextOptions } from '../lib/fulltext/fulltext-search.js';
import type { Mailer } from '../mail/mailer.js';

/**
 * What the portal lends every connector: its database (the built-ins keep their tables there; a vendor's
 * adapter its grants), its log, its mailer, and the built-in searches' caches and settings.
 */
export interface ConnectorShared {
  db: Database;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** The product's name, for what a connector writes to people (the one-time code mail). */
  productName: string;
  /** The built-in full-text searches' database, caches, candidate limit and synonyms. */
  fullText: FullTextOptions;
}

/**
 * A kind's registry (`<kind>/index.ts`): picks the implementation the environment names, the built-in one when
 * it names none, and builds it. Adding a vendor is a folder beside `builtin/` and one line in its kind's registry.
 */
export type ConnectorRegistry<Connector> = (env: Env, shared: ConnectorShared) => Connector;
