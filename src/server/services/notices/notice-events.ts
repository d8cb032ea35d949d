import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { NoticeEvent } from '../../../common/contracts/notices.js';

/** The database channel of notice changes (`LISTEN/NOTIFY`, db/events.ts). */
export const NOTICE_CHANNEL = 'portal_notices';

/**
 * Announces a change inside the transaction that made it: PostgreSQL delivers the notification at commit, so
 * no instance hears of a change that was rolled back, and every instance hears of one that was not.
 */
export async function announceNoticeChange(tx: Database, event: NoticeEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${NOTICE_CHANNEL}, ${JSON.stringify(event)})`);
}
