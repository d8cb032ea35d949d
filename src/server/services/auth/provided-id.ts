import { eq } from 'drizzle-orm';
import { AUTH_CODES, PROVIDED_ID_PATTERN } from '../../../common/contracts/auth.js';
import type { Database } from '../../db/client.js';
import { customerAccounts } from '../../db/schema.js';
import { authRefusal } from './refusals.js';
import { emailDomain } from './users.js';

/** `cust-0001 ` -> `CUST-0001`: IDs are printed upper-case, people type them any way. */
export function normalizeProvidedId(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * Checks a Controller ID or Customer ID for an email (spec section 5): well-formed (else
 * INVALID_CONTROLLER_ID), known to the help desk (else ID_NOT_FOUND), and of the email's company, by domain
 * (else INVALID_EMAIL_ID). Answers the normalized ID.
 */
export async function checkProvidedId(options: {
  db: Database;
  email: string;
  providedId: string;
}): Promise<string> {
  const id = normalizeProvidedId(options.providedId);
  if (!PROVIDED_ID_PATTERN.test(id)) {
    throw authRefusal(AUTH_CODES.invalidControllerId, 'The Controller ID or Customer ID is malformed.');
  }
  const [account] = await options.db
    .select()
    .from(customerAccounts)
    .where(eq(customerAccounts.providedId, id))
    .limit(1);
  if (!account) throw authRefusal(AUTH_CODES.idNotFound, 'No customer account has this ID.');
  if (account.emailDomain.toLowerCase() !== emailDomain(options.email)) {
    throw authRefusal(AUTH_CODES.invalidEmailId, 'The ID belongs to an account of another email domain.');
  }
  return id;
}
