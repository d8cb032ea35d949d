import { asc, eq, inArray, ne } from 'drizzle-orm';
import type { RequesterProfile } from '../../../common/contracts/tickets.js';
import type { PortalConfig } from '../../../common/portal-config.js';
import type { SupportTier } from '../../../common/tickets.js';
import type { Database } from '../../db/client.js';
import { customerAccounts, users } from '../../db/schema/index.js';
import { tierTargets } from './sla-clock.js';

/** What a customer's tickets inherit from their organisation: its name, tier and time zone. */
export interface RequesterContext {
  organisation: string | null;
  tier: SupportTier;
  timeZone: string;
  organisationAdmin: boolean;
}

/**
 * The organisation of a user: the customer account of their Controller ID or Customer ID. A customer with
 * no ID on file yet (a legacy user) has none: Basic, in UTC, and only their own tickets.
 */
export async function requesterContext(
  db: Database,
  user: { id: string } | { email: string },
): Promise<RequesterContext> {
  const [row] = await db
    .select({
      organisationAdmin: users.organisationAdmin,
      organisation: customerAccounts.company,
      tier: customerAccounts.tier,
      timeZone: customerAccounts.timeZone,
    })
    .from(users)
    .leftJoin(customerAccounts, eq(customerAccounts.providedId, users.providedId))
    .where('id' in user ? eq(users.id, user.id) : eq(users.email, user.email));
  return {
    organisation: row?.organisation ?? null,
    tier: row?.tier ?? 'Basic',
    timeZone: row?.timeZone ?? 'UTC',
    organisationAdmin: row?.organisationAdmin ?? false,
  };
}

/** What Ticket Creation shows a customer: their organisation, tier and the first-response target of each priority. */
export async function requesterProfile(
  db: Database,
  config: Pick<PortalConfig, 'sla' | 'ticketing'>,
  userId: string,
): Promise<RequesterProfile> {
  const context = await requesterContext(db, { id: userId });
  return {
    organisation: context.organisation,
    tier: context.tier,
    targets: tierTargets(config, context.tier),
  };
}

/** The portal user ids of these emails (requesters and assignees are keyed by email at the help desk). */
export async function userIdsByEmail(db: Database, emails: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(emails)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, unique));
  return new Map(rows.map((row) => [row.email, row.id]));
}

/** A staff user (agent or admin) by id, or undefined: only staff are assigned tickets. */
export async function findStaff(db: Database, id: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  return row && row.role !== 'customer' ? row : undefined;
}

/** Everyone a ticket can be assigned to: the agents and admins, by name. */
export function listStaff(db: Database) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(ne(users.role, 'customer'))
    .orderBy(asc(users.name))
    .limit(500);
}

/** The organisations of the customer accounts, by name: what the queue's organisation filter offers. */
export async function listOrganisations(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ company: customerAccounts.company })
    .from(customerAccounts)
    .orderBy(asc(customerAccounts.company))
    .limit(1000);
  return rows.map((row) => row.company);
}
