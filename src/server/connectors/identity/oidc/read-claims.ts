import { ServiceError } from '../../../lib/errors.js';
import type { IdentityClaims } from '../types.js';

/** What the token itself says; the admin rule's answer (`staffRole`) is added by the connector. */
export type TokenIdentity = Omit<IdentityClaims, 'staffRole'>;

/** The ID token's claims as openid-client hands them over, after it has checked issuer, audience and nonce. */
export type IdTokenClaims = { iss: string; sub: string } & Record<string, unknown>;

const looksLikeEmail = (value: unknown): value is string =>
  typeof value === 'string' && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value);

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The groups of the token. Entra ID sends at most 200 group ids in a JWT; past that it sends none, and names
 * a Graph call in `_claim_names`/`_claim_sources` instead (the "overage"): the portal never makes that call,
 * so an overage says only that the list is not here.
 * https://learn.microsoft.com/en-us/security/zero-trust/develop/configure-tokens-group-claims-app-roles
 */
function groupsOf(claims: IdTokenClaims): string[] | 'overage' {
  const claimNames = claims._claim_names;
  if (typeof claimNames === 'object' && claimNames !== null && 'groups' in claimNames) return 'overage';
  return strings(claims.groups);
}

/**
 * Whether the provider vouches for the address. `email_verified` speaks for the `email` claim only; Entra ID
 * never sends it, and says the same with its optional claim `xms_edov` instead (the email's domain is a
 * verified domain of the user's tenant; it is sent only beside `email`,
 * https://learn.microsoft.com/entra/identity-platform/optional-claims-reference). Either claim decides when
 * present, true or false; the setting vouches only where the provider says nothing.
 * Not documented: whether `xms_edov` may come as a string; only the JSON boolean true counts.
 */
function emailVerifiedOf(claims: IdTokenClaims, email: string, emailsVerified: boolean): boolean {
  if (email !== claims.email) return emailsVerified;
  if (claims.email_verified !== undefined) return claims.email_verified === true;
  if (claims.xms_edov !== undefined) return claims.xms_edov === true;
  return emailsVerified;
}

/**
 * Our terms for a verified ID token. Entra ID puts the address in `email` when that optional claim is on,
 * else in `preferred_username` (or `upn`); `roles` are the app roles assigned to the user or their groups,
 * `tid` the tenant (https://learn.microsoft.com/en-us/entra/identity-platform/id-token-claims-reference).
 */
export function readClaims(claims: IdTokenClaims, options: { emailsVerified: boolean }): TokenIdentity {
  const email = [claims.email, claims.preferred_username, claims.upn].find(looksLikeEmail);
  if (!email) throw new ServiceError('UNAUTHENTICATED', 'The corporate sign-in returned no email address.');
  const name = typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim() : email;
  const emailVerified = emailVerifiedOf(claims, email, options.emailsVerified);
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: email.toLowerCase(),
    emailVerified,
    name,
    roles: strings(claims.roles),
    groups: groupsOf(claims),
    tenantId: typeof claims.tid === 'string' ? claims.tid : null,
  };
}
