import type { Env } from '../../env.js';
import type { ConnectorShared } from '../shared.js';
import { createBuiltinHelpdesk } from './builtin/helpdesk.js';
import type { HelpdeskConnector } from './types.js';

/** The help desk this portal signs people in through: the built-in one until a vendor's joins here. */
export function createHelpdeskConnector(env: Env, shared: ConnectorShared): HelpdeskConnector {
  return createBuiltinHelpdesk({
    db: shared.db,
    mailer: shared.mailer,
    log: shared.log,
    productName: shared.productName,
    codeLimits: {
      windowMs: env.SIGN_IN_CODE_LIMIT_WINDOW_MINUTES * 60_000,
      codesPerAddress: env.SIGN_IN_CODES_PER_ADDRESS,
      wrongCodesPerAddress: env.SIGN_IN_WRONG_CODES_PER_ADDRESS,
    },
  });
}
