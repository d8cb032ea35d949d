import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import type { Env } from '../env.js';
import type { Mailer } from '../mail/mailer.js';
import { createHelpdeskConnector, type HelpdeskConnector } from './helpdesk/index.js';
import { createIdentityConnector, type IdentityConnector } from './identity/index.js';
import { createTrackerConnector, type TrackerConnector } from './tracker/index.js';

/** The external systems of sign-in, each behind its interface (see each kind's index.ts). */
export interface Connectors {
  helpdesk: HelpdeskConnector;
  identity: IdentityConnector;
  tracker: TrackerConnector;
}

export function createConnectors(options: {
  db: Database;
  env: Env;
  log: FastifyBaseLogger;
  mailer: Mailer;
  productName: string;
}): Connectors {
  return {
    helpdesk: createHelpdeskConnector({
      ...options,
      codeLimits: {
        windowMs: options.env.SIGN_IN_CODE_LIMIT_WINDOW_MINUTES * 60_000,
        codesPerAddress: options.env.SIGN_IN_CODES_PER_ADDRESS,
        wrongCodesPerAddress: options.env.SIGN_IN_WRONG_CODES_PER_ADDRESS,
      },
    }),
    identity: createIdentityConnector(options),
    tracker: createTrackerConnector(options),
  };
}
