import type { Notice, NoticeChange, SeenByUser } from '../../common/contracts/notices.js';
import { sanitizeNoticeHtml } from '../services/notices/notice-html.js';
import type { NoticeChangeView, NoticeView, SeenByUserRow } from '../services/notices/notices.js';

/**
 * A notice on the wire (spec section 3). The description is sanitized again on the way out (the brief: on
 * write and on read), so a row written before a tightening of the allow-list, or by hand, is safe too.
 */
export function presentNotice({ row, userIDs }: NoticeView): Notice {
  return {
    Notice_ID: row.id,
    title: row.title,
    description: sanitizeNoticeHtml(row.description),
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    active: row.active,
    userIDs,
  };
}

export function presentSeenByUser(row: SeenByUserRow): SeenByUser {
  return {
    User_ID: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    organisation: row.organisation,
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export function presentNoticeChange(change: NoticeChangeView): NoticeChange {
  return {
    id: change.id,
    action: change.action,
    at: change.createdAt.toISOString(),
    actor: change.actor
      ? { User_ID: change.actor.id, name: change.actor.name, email: change.actor.email }
      : null,
    fields: change.fields.map((field) =>
      field.field === 'description'
        ? {
            ...field,
            before: typeof field.before === 'string' ? sanitizeNoticeHtml(field.before) : field.before,
            after: typeof field.after === 'string' ? sanitizeNoticeHtml(field.after) : field.after,
          }
        : field,
    ),
  };
}
