/**
 * Canned replies (macros): the limits both sides need, without zod (the composer's first chunk imports them).
 * The table repeats them as checks (server/db/schema/canned-replies.ts).
 */

import type { ReplyStatus } from './tickets.js';

/** How the admins' page and the composer name the status a canned reply preselects. */
export const SUBMIT_AS_LABELS: Record<ReplyStatus, string> = {
  open: 'Send as Open',
  pending: 'Send as Pending',
  solved: 'Send as Solved',
};

/** A title fits one line of the composer's list. */
export const CANNED_REPLY_TITLE_MAX = 120;
/** Long enough for a set of steps with links; a reply longer than this is a help article. */
export const CANNED_REPLY_BODY_MAX = 5_000;
/** The most one list answers: a help desk's macros are tens, not thousands. */
export const CANNED_REPLIES_LIST_MAX = 500;
