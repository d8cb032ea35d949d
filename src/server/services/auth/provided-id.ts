import { and, eq, isNull } from 'drizzle-orm';
import { AUTH_CODES, PROVIDED_ID_PATTERN } from '../../../common/contracts/auth.js';
import type { Database } from '../../db/client.js';
import { customerAccounts, users } from '../../db/schema/index.js';
import { isServiceError, ServiceError } from '../../lib/errors.js';
import { authRefusal } from './refusals.js';
import { emailDomain } from '../../../common/users.js';

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

/**
 * Puts on file the ID a user with none gave at login, once the sign-in has proven the email. The login's
 * checks run again (the account may have changed since), and an ID filed meanwhile by another sign-in of the
 * same user stands: a different one is refused. Throws FORBIDDEN with a sentence for the callback page.
 */
export async function fileProvidedId(options: {
  db: Database;
  userId: string;
  email: string;
  providedId: string;
}): Promise<string> {
  const { db, userId } = options;
  let id: string;
  try {
    id = await checkProvidedId(options);
  } catch (error) {
    if (!isServiceError(error)) throw error;
    throw new ServiceError(
      'FORBIDDEN',
      'The Controller ID or Customer ID you gave can no longer be used with your email. Please sign in again.',
      { cause: error },
    );
  }
  const [filed] = await db
    .update(users)
    .set({ providedId: id })
    .where(and(eq(users.id, userId), isNull(users.providedId)))
    .returning({ id: users.id });
  if (filed) return id;
  const [current] = await db
    .select({ providedId: users.providedId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (current?.providedId === id) return id;
  throw new ServiceError(
    'FORBIDDEN',
    'This sign-in cannot finish: another Controller ID or Customer ID is on file for your email. ' +
      'Please sign in again.',
  );
}
