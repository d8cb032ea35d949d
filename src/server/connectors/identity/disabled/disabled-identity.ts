import { ServiceError } from '../../../lib/errors.js';
import type { IdentityConnector } from '../types.js';

/** No provider configured (no OIDC_ISSUER): agents sign in with the built-in credential form only. */
export const disabledIdentity: IdentityConnector = {
  enabled: false,
  async authorizationUrl() {
    throw notConfigured();
  },
  async completeAuthorization() {
    throw notConfigured();
  },
};

function notConfigured(): ServiceError {
  return new ServiceError('NOT_FOUND', 'Corporate sign-in is not configured on this portal.');
}
