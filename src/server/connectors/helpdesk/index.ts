import type { Env } from '../../env.js';
import type { ConnectorShared } from '../shared.js';
import { createBuiltinHelpdesk } from './builtin/helpdesk.js';
import type { HelpdeskConnector } from './types.js';
import { createZendeskHelpdesk } from './zendesk/helpdesk.js';

/**
 * The help desk this portal signs people in through: Zendesk when ZENDESK_URL is set (the settings refuse a
 * half-set group, so the client and the provided-id field are there), else the built-in one. Only the chosen
 * one's routes are registered, so with Zendesk the built-in's `/api/helpdesk/authorize/*` answer 404.
 */
export function createHelpdeskConnector(env: Env, shared: ConnectorShared): HelpdeskConnector {
  const { ZENDESK_URL, ZENDESK_CLIENT_ID, ZENDESK_CLIENT_SECRET, ZENDESK_PROVIDED_ID_FIELD } = env;
  if (ZENDESK_URL && ZENDESK_CLIENT_ID && ZENDESK_CLIENT_SECRET && ZENDESK_PROVIDED_ID_FIELD) {
    return createZendeskHelpdesk({
      baseUrl: ZENDESK_URL,
      clientId: ZENDESK_CLIENT_ID,
      clientSecret: ZENDESK_CLIENT_SECRET,
      providedIdField: ZENDESK_PROVIDED_ID_FIELD,
      log: shared.log,
    });
  }
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
