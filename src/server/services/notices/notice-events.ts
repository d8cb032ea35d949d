import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { NoticeEvent } from '../../../common/contracts/notices.js';

/** The database channel of notice changes (`LISTEN/NOTIFY`, db/events.ts). */
export const NOTICE_CHANNEL = 'portal_notices';

/** The kinds of notice change, as the event names them: a fixed set, so a metric's label stays small. */
export type NoticeEventKind = NoticeEvent['action'];

/** Told of each change this instance announced (the instance's metrics). */
export type NoticeEventObserver = (kind: NoticeEventKind) => void;

/**
 * Announces a change inside the transaction that made it: PostgreSQL delivers the notification at commit, so
 * no instance hears of a change that was rolled back, and every instance hears of one that was not. It is
 * counted once announced: the change is the transaction's last statement, so only a failed commit would
 * count one that nobody heard of.
 */
export async function announceNoticeChange(
  tx: Database,
  event: NoticeEvent,
  onNoticeEvent?: NoticeEventObserver,
): Promise<void> {
  await tx.execute(sql`select pg_notify(${NOTICE_CHANNEL}, ${JSON.stringify(event)})`);
  onNoticeEvent?.(event.action);
}
