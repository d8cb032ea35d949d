import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import type { IdentityClaims } from '../../connectors/identity/types.js';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { PortalUser } from './users.js';

/**
 * Writes the role the identity provider's admin rule gave this sign-in (`claims.staffRole`) to the agent or
 * admin on file, promoting or demoting, so that removing someone's app role or group in the directory takes
 * their admin rights away at their next sign-in. Without a rule (null) the role on file stays. Each change is
 * logged; a customer is never touched (the corporate sign-in refuses customers before this).
 */
export async function syncStaffRole(
  db: Database,
  user: PortalUser,
  claims: Pick<IdentityClaims, 'staffRole' | 'issuer' | 'subject'>,
  log: FastifyBaseLogger,
): Promise<PortalUser> {
  const role = claims.staffRole;
  if (role === null || user.role === role) return user;
  const [updated] = await db
    .update(users)
    .set({ role })
    // Only between the staff roles: a concurrent change that made the user a customer is not undone here.
    .where(and(eq(users.id, user.id), inArray(users.role, ['agent', 'admin'])))
    .returning({ role: users.role });
  if (!updated) return user;
  log.info(
    {
      userId: user.id,
      email: user.email,
      from: user.role,
      to: role,
      issuer: claims.issuer,
      subject: claims.subject,
    },
    role === 'admin'
      ? 'Corporate sign-in promoted the agent to admin (admin rule of the identity provider)'
      : 'Corporate sign-in demoted the admin to agent (admin rule of the identity provider)',
  );
  return { ...user, role: updated.role };
}
