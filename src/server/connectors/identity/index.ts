import type { Env } from '../../env.js';
import type { ConnectorShared } from '../shared.js';
import { disabledIdentity } from './disabled/disabled-identity.js';
import { createOidcIdentity } from './oidc/oidc-identity.js';
import { adminRuleOf } from './oidc/staff-role.js';
import type { IdentityConnector } from './types.js';

/** The corporate identity provider of agents and admins: OpenID Connect when `OIDC_ISSUER` is set, else none. */
export function createIdentityConnector(env: Env, shared: Pick<ConnectorShared, 'log'>): IdentityConnector {
  if (!env.OIDC_ISSUER) return disabledIdentity;
  // env.ts refuses to start with an issuer but no client id or secret; this keeps the types honest.
  if (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) {
    throw new Error('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required when OIDC_ISSUER is set');
  }
  return createOidcIdentity({
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    emailsVerified: env.OIDC_EMAILS_VERIFIED,
    adminRule: adminRuleOf({ adminRole: env.OIDC_ADMIN_ROLE, adminGroup: env.OIDC_ADMIN_GROUP }),
    log: shared.log,
  });
}
