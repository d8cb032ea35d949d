import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { NoticeType } from '../../../common/notices.js';
import type { Role } from '../../../common/users.js';
import type { Database } from '../../db/client.js';
import {
  customerAccounts,
  noticeChanges,
  noticeReads,
  notices,
  users,
  type NoticeChangeRow,
  type NoticeFieldChange,
  type NoticeRow,
} from '../../db/schema/index.js';
import { ServiceError } from '../../lib/errors.js';
import { announceNoticeChange, type NoticeEventObserver } from './notice-events.js';
import { noticeText, sanitizeNoticeHtml } from './notice-html.js';

/**
 * Support notices (spec sections 3-5): create, update, soft delete, reads as rows of their own and
 * the audit trail. Who may call what is the routes' business (policies); this module trusts its actor.
 */

/** What the notice service needs: every call takes it first, then the actor (when it has one), then its input. */
export interface NoticeOptions {
  db: Database;
  /** Told of each change announced (the instance's metrics). */
  onNoticeEvent?: NoticeEventObserver | undefined;
}

export interface NoticeViewer {
  id: string;
  role: Role;
}

/** A notice with the readers the viewer may know of (all for an admin, only themselves otherwise). */
export interface NoticeView {
  row: NoticeRow;
  userIDs: string[];
}

async function readersFor(db: Database, ids: string[], viewer: NoticeViewer): Promise<Map<string, string[]>> {
  const readers = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return readers;
  const rows = await db
    .select({ noticeId: noticeReads.noticeId, userId: noticeReads.userId })
    .from(noticeReads)
    .where(
      viewer.role === 'admin'
        ? inArray(noticeReads.noticeId, ids)
        : and(inArray(noticeReads.noticeId, ids), eq(noticeReads.userId, viewer.id)),
    )
    .orderBy(asc(noticeReads.readAt));
  for (const row of rows) readers.get(row.noticeId)?.push(row.userId);
  return readers;
}

/** Notices with their readers as the viewer may see them. */
async function withReaders(db: Database, viewer: NoticeViewer, rows: NoticeRow[]): Promise<NoticeView[]> {
  const readers = await readersFor(
    db,
    rows.map((row) => row.id),
    viewer,
  );
  return rows.map((row) => ({ row, userIDs: readers.get(row.id) ?? [] }));
}

/** Every active notice (expired ones included: the notifications page filters), newest first. */
export async function listActiveNotices({ db }: NoticeOptions, viewer: NoticeViewer): Promise<NoticeView[]> {
  const rows = await db
    .select()
    .from(notices)
    .where(eq(notices.active, true))
    .orderBy(desc(notices.createdAt), desc(notices.id));
  return withReaders(db, viewer, rows);
}

/** One notice; a deleted one exists only for admins (its audit trail stays readable). */
export async function getNotice(
  { db }: NoticeOptions,
  viewer: NoticeViewer,
  id: string,
): Promise<NoticeView> {
  const [row] = await db.select().from(notices).where(eq(notices.id, id));
  if (!row || (!row.active && viewer.role !== 'admin')) {
    throw new ServiceError('NOT_FOUND', 'No such notice.');
  }
  const readers = await readersFor(db, [id], viewer);
  return { row, userIDs: readers.get(id) ?? [] };
}

export interface NoticeInput {
  /** Trimmed plain text, 1 to 120 characters (the contract checks it). */
  title: string;
  description: string;
  startDate: string;
  endDate: string;
  type: NoticeType;
}

interface CheckedNotice {
  title: string;
  description: string;
  descriptionText: string;
  startDate: Date;
  endDate: Date;
  type: NoticeType;
}

/** The rules of spec section 5 that a schema cannot say: a description with words, dates in order. */
function checkNotice(input: NoticeInput): CheckedNotice {
  const description = sanitizeNoticeHtml(input.description);
  const descriptionText = noticeText(description);
  if (descriptionText === '') {
    throw new ServiceError('INVALID_INPUT', 'body.description: must have text (it is empty once cleaned)');
  }
  const startDate = new Date(input.startDate);
  const endDate = new Date(input.endDate);
  if (endDate < startDate) {
    throw new ServiceError('INVALID_INPUT', 'body.endDate: must not be before startDate');
  }
  return { title: input.title, description, descriptionText, startDate, endDate, type: input.type };
}

/** What the audit trail records of a notice. */
function auditedValues(
  row: Pick<NoticeRow, 'title' | 'description' | 'startDate' | 'endDate' | 'type' | 'active'>,
) {
  return {
    title: row.title,
    description: row.description,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    type: row.type,
    active: row.active,
  };
}

function changedFields(
  before: ReturnType<typeof auditedValues> | null,
  after: ReturnType<typeof auditedValues>,
): NoticeFieldChange[] {
  return (Object.keys(after) as Array<keyof typeof after>).flatMap((field) => {
    const old = before?.[field] ?? null;
    return old === after[field] ? [] : [{ field, before: old, after: after[field] }];
  });
}

async function recordChange(
  tx: Database,
  onNoticeEvent: NoticeEventObserver | undefined,
  change: {
    noticeId: string;
    actorId: string;
    action: NoticeChangeRow['action'];
    fields: NoticeFieldChange[];
  },
): Promise<void> {
  const [audit] = await tx.insert(noticeChanges).values(change).returning({ id: noticeChanges.id });
  if (!audit) throw new Error('the audit row was not written');
  await announceNoticeChange(
    tx,
    { seq: audit.id, action: change.action, noticeId: change.noticeId },
    onNoticeEvent,
  );
}

/** Ids are creation times in milliseconds (the spec's timestamp string); two in one millisecond take the next. */
const ID_ATTEMPTS = 20;

export async function createNotice(
  { db, onNoticeEvent }: NoticeOptions,
  actor: NoticeViewer,
  input: NoticeInput,
): Promise<NoticeRow> {
  const checked = checkNotice(input);
  return db.transaction(async (tx) => {
    const now = Date.now();
    for (let attempt = 0; attempt < ID_ATTEMPTS; attempt += 1) {
      const [row] = await tx
        .insert(notices)
        .values({
          id: String(now + attempt),
          ...checked,
          createdBy: actor.id,
        })
        .onConflictDoNothing()
        .returning();
      if (row) {
        await recordChange(tx, onNoticeEvent, {
          noticeId: row.id,
          actorId: actor.id,
          action: 'created',
          fields: changedFields(null, auditedValues(row)),
        });
        return row;
      }
    }
    throw new ServiceError('CONFLICT', 'Too many notices created at once. Please try again.');
  });
}

async function lockedActiveNotice(tx: Database, id: string): Promise<NoticeRow> {
  const [row] = await tx.select().from(notices).where(eq(notices.id, id)).for('update');
  if (!row || !row.active) throw new ServiceError('NOT_FOUND', 'No such notice.');
  return row;
}

export async function updateNotice(
  { db, onNoticeEvent }: NoticeOptions,
  actor: NoticeViewer,
  id: string,
  input: NoticeInput,
): Promise<NoticeRow> {
  const checked = checkNotice(input);
  return db.transaction(async (tx) => {
    const before = await lockedActiveNotice(tx, id);
    const fields = changedFields(auditedValues(before), auditedValues({ ...checked, active: true }));
    if (fields.length === 0) return before;
    const [row] = await tx
      .update(notices)
      .set({ ...checked, updatedAt: new Date() })
      .where(eq(notices.id, id))
      .returning();
    if (!row) throw new ServiceError('NOT_FOUND', 'No such notice.');
    await recordChange(tx, onNoticeEvent, { noticeId: id, actorId: actor.id, action: 'updated', fields });
    return row;
  });
}

/** The spec's delete: the notice stays, inactive (listed nowhere, its reads and trail kept). */
export async function deleteNotice(
  { db, onNoticeEvent }: NoticeOptions,
  actor: NoticeViewer,
  id: string,
): Promise<NoticeRow> {
  return db.transaction(async (tx) => {
    const before = await lockedActiveNotice(tx, id);
    return setActive(tx, onNoticeEvent, actor, before, false, 'deleted');
  });
}

/**
 * Brings a deleted notice back: active again, listed and counted as before (its reads kept). Audited as an
 * update of `active` (false to true), which the change history shows as a restore.
 */
export async function restoreNotice(
  { db, onNoticeEvent }: NoticeOptions,
  actor: NoticeViewer,
  id: string,
): Promise<NoticeRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(notices).where(eq(notices.id, id)).for('update');
    if (!before) throw new ServiceError('NOT_FOUND', 'No such notice.');
    if (before.active) throw new ServiceError('CONFLICT', 'This notice is not deleted.');
    return setActive(tx, onNoticeEvent, actor, before, true, 'updated');
  });
}

/** Deletes (false) or restores (true) a locked notice, and records the change in its trail. */
async function setActive(
  tx: Database,
  onNoticeEvent: NoticeEventObserver | undefined,
  actor: NoticeViewer,
  before: NoticeRow,
  active: boolean,
  action: 'deleted' | 'updated',
): Promise<NoticeRow> {
  const [row] = await tx
    .update(notices)
    .set({ active, updatedAt: new Date() })
    .where(eq(notices.id, before.id))
    .returning();
  if (!row) throw new ServiceError('NOT_FOUND', 'No such notice.');
  await recordChange(tx, onNoticeEvent, {
    noticeId: before.id,
    actorId: actor.id,
    action,
    fields: changedFields(auditedValues(before), auditedValues(row)),
  });
  return row;
}

/** The deleted notices (admins), the latest change first, with every reader. */
export async function listDeletedNotices({ db }: NoticeOptions, viewer: NoticeViewer): Promise<NoticeView[]> {
  const rows = await db
    .select()
    .from(notices)
    .where(eq(notices.active, false))
    .orderBy(desc(notices.updatedAt), desc(notices.id));
  return withReaders(db, viewer, rows);
}

/**
 * Records that the reader read every notice that counts as unread (active and not yet ended), in one statement:
 * the reads of a concurrent "mark all" or details page are skipped, not doubled. Answers how many were added.
 */
export async function markAllNoticesRead(
  { db }: NoticeOptions,
  reader: Pick<NoticeViewer, 'id'>,
  now = new Date(),
): Promise<number> {
  const userId = reader.id;
  const added = await db
    .insert(noticeReads)
    .select(
      db
        // The columns in the table's order: notice_id, user_id, read_at.
        .select({
          noticeId: notices.id,
          userId: sql<string>`${userId}::text`.as('user_id'),
          readAt: sql<Date>`now()`.as('read_at'),
        })
        .from(notices)
        .where(and(eq(notices.active, true), gt(notices.endDate, now))),
    )
    .onConflictDoNothing()
    .returning({ noticeId: noticeReads.noticeId });
  return added.length;
}

/**
 * Records that the reader read the notice: one row per (notice, user), so reads at the same moment never
 * overwrite each other and a repeated read adds nothing. Answers whether a row was added.
 */
export async function recordNoticeRead(
  { db }: NoticeOptions,
  reader: Pick<NoticeViewer, 'id'>,
  noticeId: string,
): Promise<boolean> {
  const userId = reader.id;
  const [notice] = await db.select({ active: notices.active }).from(notices).where(eq(notices.id, noticeId));
  if (!notice?.active) throw new ServiceError('NOT_FOUND', 'No such notice.');
  const added = await db
    .insert(noticeReads)
    .values({ noticeId, userId })
    .onConflictDoNothing()
    .returning({ userId: noticeReads.userId });
  return added.length > 0;
}

export interface SeenByUserRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** The company of the user's Controller ID or Customer ID, if any. */
  organisation: string | null;
  /** When they read the notice; null when listed by id, without a notice. */
  readAt: Date | null;
}

const seenByColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  organisation: customerAccounts.company,
};

/** The users named, in the order given (unknown ids are left out). */
export async function usersByIds({ db }: NoticeOptions, ids: string[]): Promise<SeenByUserRow[]> {
  if (ids.length === 0) return [];
  const rows = (
    await db
      .select(seenByColumns)
      .from(users)
      .leftJoin(customerAccounts, eq(customerAccounts.providedId, users.providedId))
      .where(inArray(users.id, ids))
  ).map((row) => ({ ...row, readAt: null }));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return [...new Set(ids)].flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** Everyone who read the notice, first reader first. */
export async function readersOf({ db }: NoticeOptions, noticeId: string): Promise<SeenByUserRow[]> {
  return db
    .select({ ...seenByColumns, readAt: noticeReads.readAt })
    .from(noticeReads)
    .innerJoin(users, eq(users.id, noticeReads.userId))
    .leftJoin(customerAccounts, eq(customerAccounts.providedId, users.providedId))
    .where(eq(noticeReads.noticeId, noticeId))
    .orderBy(asc(noticeReads.readAt), asc(users.email));
}

export interface NoticeChangeView extends NoticeChangeRow {
  actor: { id: string; name: string; email: string } | null;
}

/** The notice's audit trail, newest first. */
export async function changesOf({ db }: NoticeOptions, noticeId: string): Promise<NoticeChangeView[]> {
  const rows = await db
    .select({ change: noticeChanges, actor: { id: users.id, name: users.name, email: users.email } })
    .from(noticeChanges)
    .leftJoin(users, eq(users.id, noticeChanges.actorId))
    .where(eq(noticeChanges.noticeId, noticeId))
    .orderBy(desc(noticeChanges.id));
  return rows.map(({ change, actor }) => ({ ...change, actor }));
}

/** How many missed changes a reconnecting stream is sent; past that it is told to reload everything. */
export const CATCH_UP_LIMIT = 100;

/** Changes after `seq` (a stream's `Last-Event-ID`), oldest first, at most {@link CATCH_UP_LIMIT} + 1. */
export async function changesAfter({ db }: NoticeOptions, seq: number): Promise<NoticeChangeRow[]> {
  return db
    .select()
    .from(noticeChanges)
    .where(gt(noticeChanges.id, seq))
    .orderBy(asc(noticeChanges.id))
    .limit(CATCH_UP_LIMIT + 1);
}

/** The newest change's number (0 when none): where a new stream starts. */
export async function latestChangeSeq({ db }: NoticeOptions): Promise<number> {
  const [row] = await db
    .select({ id: noticeChanges.id })
    .from(noticeChanges)
    .orderBy(desc(noticeChanges.id))
    .limit(1);
  return row?.id ?? 0;
}
