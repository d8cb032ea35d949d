import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { cannedReplies } from '../schema/index.js';

/** The canned replies of the demo: what a support desk of a network product answers every day. */
export const demoCannedReplies = [
  {
    title: 'Ask for a diagnostic bundle',
    body:
      'Thank you for the details. To see what the appliance did at the time, please attach a diagnostic bundle ' +
      '(Settings > Support > Create diagnostic bundle) to this ticket, and tell us the time the problem last ' +
      'happened, with its time zone.',
    statusChange: 'pending',
  },
  {
    title: 'Fixed in the latest release',
    body:
      'This is fixed in the latest release. The release notes and the upgrade steps are in the documentation; ' +
      'after the upgrade the problem should not come back. We are setting this request to solved: reply here ' +
      'if it does, and it opens again.',
    statusChange: 'solved',
  },
  {
    title: 'Looking into it',
    body:
      'Thank you for reporting this. An engineer is looking into it now, and we will write here as soon as we ' +
      'know more.',
    statusChange: 'open',
  },
  {
    title: 'Greeting',
    body: 'Hello, and thank you for contacting support.',
    statusChange: null,
  },
] as const;

/**
 * Inserts the demo canned replies into an empty table only, so one an admin deleted or changed is not brought
 * back by the next start; several instances starting at once insert them once (the advisory lock).
 */
export async function seedDemoCannedReplies(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7354120004)`);
    const [existing] = await tx.select({ id: cannedReplies.id }).from(cannedReplies).limit(1);
    if (existing) return 0;
    const rows = await tx
      .insert(cannedReplies)
      .values(demoCannedReplies.map((reply) => ({ ...reply })))
      .returning({ id: cannedReplies.id });
    return rows.length;
  });
}
