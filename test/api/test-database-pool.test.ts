import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../../src/server/db/client.js';
import { createTestDatabase } from '../support/test-db.js';

/**
 * The test databases themselves: on PGlite a file's database goes to the next file emptied, and only as the
 * migrations left it (test/support/pglite-pool.ts). A file must never see another file's rows or changes.
 */
const onPglite = !process.env.TEST_DATABASE_URL;

async function ticketCount(database: Awaited<ReturnType<typeof createTestDatabase>>): Promise<number> {
  const [row] = await executeRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from helpdesk_tickets`,
  );
  return row?.count ?? -1;
}

async function addTicket(database: Awaited<ReturnType<typeof createTestDatabase>>): Promise<number> {
  const [row] = await executeRows<{ id: number }>(
    database.db,
    sql`insert into helpdesk_tickets (subject, description, status, requester_email)
        values ('VPN down', 'since the upgrade', 'new', 'a@example.com') returning id`,
  );
  return row?.id ?? -1;
}

describe.runIf(onPglite)('the PGlite test databases', () => {
  it('come empty, with their numbering from the start, after a file wrote to one', async () => {
    const first = await createTestDatabase();
    await addTicket(first);
    await addTicket(first);
    await executeRows(first.db, sql`set statement_timeout = '1234ms'`);
    await first.close();

    const second = await createTestDatabase();
    try {
      expect(second.handle, 'the emptied database is handed on').toBe(first.handle);
      expect(await ticketCount(second)).toBe(0);
      expect(await addTicket(second)).toBe(1);
      const [setting] = await executeRows<{ value: string }>(second.db, sql`show statement_timeout`);
      expect(setting?.value).not.toBe('1234ms');
    } finally {
      await second.close();
    }
  });

  it('are not handed on once a file changed their schema', async () => {
    const first = await createTestDatabase();
    await executeRows(first.db, sql`drop index helpdesk_tickets_updated_idx`);
    await first.close();

    const second = await createTestDatabase();
    try {
      expect(second.handle).not.toBe(first.handle);
      const indexes = await executeRows<{ name: string }>(
        second.db,
        sql`select indexname as name from pg_indexes where indexname = 'helpdesk_tickets_updated_idx'`,
      );
      expect(indexes).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
