/**
 * The user vocabulary both sides share, each rule written once: the roles, user types and auth levels (the
 * database columns, the API contracts and the policies take their values from here) and the email rules.
 */

/** What a user may do (policies.ts): customers, agents, and admins (agents who also manage). */
export const ROLES = ['customer', 'agent', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Which side a user signs in on: customers through the help desk, agents through the corporate side. */
export const USER_TYPES = ['customer', 'agent'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** How far a session got (spec section 4): the help desk's sign-in, or the corporate identity provider's. */
export const AUTH_LEVELS = ['zendesk', 'azureAD'] as const;
export type AuthLevel = (typeof AUTH_LEVELS)[number];

/** One spelling per address: every lookup and every stored email goes through this. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The part after the last `@`, lower-cased; empty when there is none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : normalizeEmail(email.slice(at + 1));
}

/**
 * Whether an email belongs to the company (spec section 5: such an email opens the agent login instead of the
 * customer login). The domain part must be the corporate domain or one of its subdomains, so a look-alike such
 * as `someone@acme.example.com` or `acme.example@gmail.com` stays a customer.
 */
export function isCorporateEmail(email: string, corporateDomain: string): boolean {
  const domain = emailDomain(email);
  const corporate = corporateDomain.toLowerCase();
  return domain !== '' && (domain === corporate || domain.endsWith(`.${corporate}`));
}
