import { eq } from 'drizzle-orm';
import type { Role, UserType } from '../../../common/contracts/auth.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** A user as the auth area hands it out: never the password hash. */
export interface PortalUser {
  id: string;
  email: string;
  name: string;
  providedId: string | null;
  userType: UserType;
  role: Role;
  allowDownload: boolean;
  createdAt: Date;
}

export const portalUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  providedId: users.providedId,
  userType: users.userType,
  role: users.role,
  allowDownload: users.allowDownload,
  createdAt: users.createdAt,
};

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The part after the last `@`, lower-cased; empty when there is none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** An address of the corporate domain or one of its subdomains (`ops.acme.example`). */
export function isCorporateEmail(email: string, corporateDomain: string): boolean {
  const domain = emailDomain(email);
  const corporate = corporateDomain.toLowerCase();
  return domain === corporate || domain.endsWith(`.${corporate}`);
}

export async function findUserByEmail(db: Database, email: string): Promise<PortalUser | undefined> {
  const [row] = await db
    .select(portalUserColumns)
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<PortalUser | undefined> {
  const [row] = await db.select(portalUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Agents and admins: the people who sign in through the corporate side. */
export function isStaff(user: Pick<PortalUser, 'role'>): boolean {
  return user.role === 'agent' || user.role === 'admin';
}
