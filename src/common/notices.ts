/**
 * Support notices (spec sections 3, 4 and 9): the constants both sides need, without zod, so the header's bell
 * can import them without pulling the contracts into the first page's bundle.
 */

/** The kinds of notice, in the order the create dialog offers them. */
export const NOTICE_TYPES = ['Information', 'Maintenance', 'Upgrade Advise'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

/** The notifications page's filter (spec section 9). */
export const NOTICE_FILTERS = ['Active', 'Expired', 'View All'] as const;
export type NoticeFilter = (typeof NOTICE_FILTERS)[number];

/** The part of a notice the rules below read. */
export interface NoticeDates {
  endDate: string;
}

/** Active means the end date is still ahead (spec section 9); expired, that it has passed. */
export function isActiveNotice(notice: NoticeDates, now: number): boolean {
  return Date.parse(notice.endDate) > now;
}

/** Unread for a user: active, and the user is not among its readers (spec section 3). */
export function isUnreadNotice(
  notice: NoticeDates & { userIDs: readonly string[] },
  userId: string,
  now: number,
): boolean {
  return isActiveNotice(notice, now) && !notice.userIDs.includes(userId);
}

export function matchesNoticeFilter(notice: NoticeDates, filter: NoticeFilter, now: number): boolean {
  if (filter === 'View All') return true;
  return isActiveNotice(notice, now) === (filter === 'Active');
}
