import { eq } from 'drizzle-orm';
import { normalizeEmail, type Role, type UserType } from '../../../common/users.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

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
