import { and, eq } from 'drizzle-orm';
import type { IdentityClaims } from '../../connectors/identity/types.js';
import type { Database } from '../../db/client.js';
import { userIdentities, users } from '../../db/schema/index.js';
import { ServiceError } from '../../lib/errors.js';
import { normalizeEmail } from '../../../common/users.js';
import { findUserByEmail, isStaff, portalUserColumns, type PortalUser } from './users.js';

export const UNVERIFIED_EMAIL_MESSAGE =
  'The corporate sign-in did not confirm your email address (email_verified), so it cannot be matched to ' +
  'a portal account. Please ask your administrator.';

async function findLinkedUser(db: Database, claims: IdentityClaims): Promise<PortalUser | undefined> {
  const [row] = await db
    .select(portalUserColumns)
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, claims.issuer), eq(userIdentities.subject, claims.subject)))
    .limit(1);
  return row;
}

async function createAgent(db: Database, claims: IdentityClaims): Promise<PortalUser | undefined> {
  const [created] = await db
    .insert(users)
    .values({
      email: normalizeEmail(claims.email),
      name: claims.name,
      userType: 'agent',
      role: 'agent',
      allowDownload: true,
    })
    .onConflictDoNothing({ target: users.email })
    .returning(portalUserColumns);
  return created ?? (await findUserByEmail(db, claims.email));
}

function staffOnly(user: PortalUser): PortalUser {
  if (!isStaff(user)) throw new ServiceError('FORBIDDEN', 'This account is not an agent account.');
  return user;
}

/**
 * The agent (or admin) an identity provider's account signs in as. An account is its (issuer, subject): once
 * linked, it is that user whatever the email claim says later. The email matters only at the first sign-in,
 * and only when verified: it finds the user of that address (or creates an agent) and the link is made. An
 * unverified address could be anybody's, so it is refused (FORBIDDEN) rather than trusted with an account.
 */
export async function agentOfIdentity(db: Database, claims: IdentityClaims): Promise<PortalUser> {
  const linked = await findLinkedUser(db, claims);
  if (linked) return staffOnly(linked);
  if (!claims.emailVerified) throw new ServiceError('FORBIDDEN', UNVERIFIED_EMAIL_MESSAGE);
  const user = (await findUserByEmail(db, claims.email)) ?? (await createAgent(db, claims));
  if (!user) throw new ServiceError('UNAVAILABLE', 'The agent account could not be created.');
  staffOnly(user);
  await db
    .insert(userIdentities)
    .values({ issuer: claims.issuer, subject: claims.subject, userId: user.id })
    .onConflictDoNothing();
  // Two first sign-ins of one account at once: the link that was stored decides.
  return staffOnly((await findLinkedUser(db, claims)) ?? user);
}
