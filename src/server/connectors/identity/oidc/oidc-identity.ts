import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import { ServiceError } from '../../../lib/errors.js';
import type { AdminRule, IdentityConnector } from '../types.js';
import { readClaims } from './read-claims.js';
import { decideStaffRole } from './staff-role.js';

export interface OidcIdentityOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Every address of the provider counts as verified, with or without `email_verified`. */
  emailsVerified: boolean;
  /** Who is an admin (OIDC_ADMIN_ROLE or OIDC_ADMIN_GROUP); null keeps the role on file. */
  adminRule: AdminRule;
  log: FastifyBaseLogger;
}

/** Seconds a discovery or token request may take before the provider counts as down. */
const REQUEST_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

/** An OpenID Connect provider through `openid-client` (authorization code flow with PKCE). */
export function createOidcIdentity(options: OidcIdentityOptions): IdentityConnector {
  const { issuer, clientId, clientSecret, emailsVerified, adminRule, log } = options;
  let configuration: Promise<oidc.Configuration> | undefined;

  function discover(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(new URL(issuer), clientId, clientSecret, oidc.ClientSecretBasic(clientSecret), {
        timeout: REQUEST_TIMEOUT_SECONDS,
        // Only a plain-http issuer (a test provider on 127.0.0.1) needs this; env.ts refuses http in production.
        ...(issuer.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        // Not cached: the next sign-in tries again, so a provider outage heals by itself.
        configuration = undefined;
        log.error({ err: error, issuer }, 'OpenID Connect discovery failed');
        throw new ServiceError('UNAVAILABLE', 'The corporate identity provider cannot be reached.', {
          cause: error,
        });
      });
    return configuration;
  }

  return {
    enabled: true,

    async authorizationUrl(params) {
      const config = await discover();
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: params.redirectUri,
          scope: SCOPE,
          state: params.state,
          nonce: params.nonce,
          code_challenge: params.codeChallenge,
          code_challenge_method: 'S256',
          response_mode: 'query',
        })
        .toString();
    },

    async completeAuthorization(input) {
      const config = await discover();
      const callbackUrl = new URL(input.redirectUri);
      for (const [name, value] of Object.entries(input.callbackParams))
        callbackUrl.searchParams.set(name, value);
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: input.codeVerifier,
          expectedState: input.expectedState,
          expectedNonce: input.expectedNonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        log.warn({ err: error }, 'OpenID Connect answer refused');
        throw new ServiceError('UNAUTHENTICATED', 'The corporate sign-in could not be verified.', {
          cause: error,
        });
      }
      if (!claims) throw new ServiceError('UNAUTHENTICATED', 'The corporate sign-in returned no ID token.');
      const identity = readClaims(claims, { emailsVerified });
      const decision = decideStaffRole(identity, adminRule);
      if (decision.groupsOverage) {
        log.warn(
          { issuer: identity.issuer, subject: identity.subject, adminGroup: adminRule?.value },
          'OpenID Connect groups overage: the ID token names no groups (the account is in more than the token ' +
            'holds), so OIDC_ADMIN_GROUP cannot make this account an admin; it signs in as an agent. Use an app ' +
            'role assigned to the group instead (OIDC_ADMIN_ROLE): app roles are always in the token.',
        );
      }
      return { ...identity, staffRole: decision.role };
    },
  };
}
