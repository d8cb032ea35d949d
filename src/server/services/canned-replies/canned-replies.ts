import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CANNED_REPLIES_LIST_MAX } from '../../../common/canned-replies.js';
import type { CannedReplyBody } from '../../../common/contracts/canned-replies.js';
import type { Database } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { cannedReplies, users, type CannedReplyRow } from '../../db/schema/index.js';
import { ServiceError } from '../../lib/errors.js';
import { likeLiteral } from '../../lib/like-literal.js';
import type { PortalUser } from '../auth/users.js';

/** What the canned-reply calls take first. */
export interface CannedReplyOptions {
  db: Database;
}

/** A canned reply with the name of whoever saved it last (null for the demo's or a deleted account). */
export interface CannedReplyView {
  row: CannedReplyRow;
  updatedByName: string | null;
}

const TITLE_INDEX = 'canned_replies_title_key';
const TITLE_TAKEN = 'A canned reply with this title exists already. Choose another title.';
const NOT_FOUND = 'This canned reply does not exist (it may have been deleted meanwhile).';
/** Words of a search beyond these add nothing a person types into a short list. */
const QUERY_WORDS = 8;

/** Every word in the title or the text, as written (case aside). */
function matching(q: string | undefined): SQL | undefined {
  const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, QUERY_WORDS);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = `%${likeLiteral(word)}%`;
      return or(ilike(cannedReplies.title, pattern), ilike(cannedReplies.body, pattern));
    }),
  );
}

/** The canned replies whose title or text holds every word of `q` (all without one), by title. */
export async function listCannedReplies(
  { db }: CannedReplyOptions,
  query: { q?: string | undefined },
): Promise<CannedReplyView[]> {
  const editor = alias(users, 'editor');
  const rows = await db
    .select({ row: cannedReplies, updatedByName: editor.name })
    .from(cannedReplies)
    .leftJoin(editor, eq(editor.id, cannedReplies.updatedBy))
    .where(matching(query.q))
    .orderBy(asc(sql`lower(${cannedReplies.title})`), asc(cannedReplies.id))
    .limit(CANNED_REPLIES_LIST_MAX);
  return rows;
}

/** A title another canned reply has (whatever its case) is a 409 in words, not a database error. */
async function titleTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, TITLE_INDEX)) throw new ServiceError('CONFLICT', TITLE_TAKEN);
    throw error;
  }
}

export async function createCannedReply(
  { db }: CannedReplyOptions,
  actor: PortalUser,
  input: CannedReplyBody,
): Promise<CannedReplyView> {
  const [row] = await titleTaken(() =>
    db
      .insert(cannedReplies)
      .values({ ...input, createdBy: actor.id, updatedBy: actor.id })
      .returning(),
  );
  if (!row) throw new Error('canned replies: nothing inserted');
  return { row, updatedByName: actor.name };
}

export async function updateCannedReply(
  { db }: CannedReplyOptions,
  actor: PortalUser,
  id: number,
  input: CannedReplyBody,
): Promise<CannedReplyView> {
  const [row] = await titleTaken(() =>
    db
      .update(cannedReplies)
      .set({ ...input, updatedBy: actor.id, updatedAt: new Date() })
      .where(eq(cannedReplies.id, id))
      .returning(),
  );
  if (!row) throw new ServiceError('NOT_FOUND', NOT_FOUND);
  return { row, updatedByName: actor.name };
}

export async function deleteCannedReply({ db }: CannedReplyOptions, id: number): Promise<void> {
  const deleted = await db
    .delete(cannedReplies)
    .where(eq(cannedReplies.id, id))
    .returning({ id: cannedReplies.id });
  if (deleted.length === 0) throw new ServiceError('NOT_FOUND', NOT_FOUND);
}
