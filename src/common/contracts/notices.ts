import { z } from 'zod';
import { NOTICE_TYPES } from '../notices.js';
import { storableText } from './text.js';

/**
 * `api/noticesModule/*` (spec section 7): support notices, their readers and
 * their audit trail. Field names (`Notice_ID`, `Items`, `Item`, `userIDs`, `User_ID`) are the spec's.
 */

/** A `Notice_ID`: the creation time in milliseconds, as a string. */
export const noticeIdSchema = z
  .string()
  .trim()
  .regex(/^\d{1,16}$/, 'must be a notice id (digits)');

/** A user id as the portal issues them (UUIDs; demo and legacy ids are shorter words). */
export const userIdSchema = storableText()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\w.@-]+$/, 'must be a user id');

/** Years PostgreSQL and every browser read the same way; a 20-digit year is a 400, not a database error. */
const EARLIEST_YEAR = 2000;
const LATEST_YEAR = 9999;

/** An ISO 8601 date-time with an offset (`2026-12-01T08:00:00Z`) or a date (`2026-12-01`, midnight UTC). */
export const noticeDateSchema = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], {
    error: 'must be an ISO 8601 date or date-time',
  })
  .refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
  }, `must be between the years ${EARLIEST_YEAR} and ${LATEST_YEAR}`);

/** The longest description accepted, in characters of HTML. */
export const NOTICE_DESCRIPTION_MAX = 20_000;

/** The longest title accepted, in characters once trimmed: it must fit a line or two of the bell's menu. */
export const NOTICE_TITLE_MAX = 120;

/** A notice's title: plain text, required, trimmed. */
export const noticeTitleSchema = storableText()
  .trim()
  .min(1, 'must not be empty')
  .max(NOTICE_TITLE_MAX, `must be at most ${NOTICE_TITLE_MAX} characters`);

export const noticeSchema = z.object({
  Notice_ID: z.string(),
  /** Plain text: the lists, the bell and the details page show it. */
  title: z.string(),
  /** Sanitized HTML. */
  description: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  type: z.enum(NOTICE_TYPES),
  createdAt: z.string(),
  active: z.boolean(),
  /**
   * Ids of the users who read the notice. An admin gets every reader; anyone else only themselves (or none),
   * which is all the bell needs and tells nobody who else read it.
   */
  userIDs: z.array(z.string()),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeListSchema = z.object({ Items: z.array(noticeSchema) });
export type NoticeList = z.infer<typeof noticeListSchema>;

export const noticeItemSchema = z.object({ Item: noticeSchema });
export type NoticeItem = z.infer<typeof noticeItemSchema>;

export const noticeIdQuerySchema = z.object({ id: noticeIdSchema });

/** `POST api/noticesModule/notice`: without `Notice_ID` it creates, with one it updates that notice. */
export const saveNoticeBodySchema = z.object({
  Notice_ID: noticeIdSchema.optional(),
  title: noticeTitleSchema,
  description: storableText().max(NOTICE_DESCRIPTION_MAX),
  startDate: noticeDateSchema,
  endDate: noticeDateSchema,
  type: z.enum(NOTICE_TYPES),
});
export type SaveNoticeBody = z.infer<typeof saveNoticeBodySchema>;

/** `POST api/noticesModule/notice-delete`: the notice (the spec posts it whole with `active: false`). */
export const deleteNoticeBodySchema = z.object({
  Notice_ID: noticeIdSchema,
  active: z.literal(false).optional(),
});

/** `POST api/noticesModule/notice-restore`: brings a deleted notice back (admins). */
export const restoreNoticeBodySchema = z.object({ Notice_ID: noticeIdSchema });

/** `GET api/noticesModule/deleted-notices` (admins): the deleted notices, newest deletion first. */
export const deletedNoticeListSchema = noticeListSchema;

/**
 * `POST api/noticesModule/mark-all-read`: records the caller's read of every active notice. The body is
 * empty (`{}`): whose reads is the session's business, so nobody marks reads for others.
 */
export const markAllReadBodySchema = z.object({}).strict();

export const markAllReadAnswerSchema = z.object({
  /** How many notices were marked read now (those read before are not counted). */
  marked: z.number().int(),
});

export const seenByUserSchema = z.object({
  User_ID: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  /** The company of the user's Controller ID or Customer ID; null for staff and customers without one. */
  organisation: z.string().nullable(),
  /** When the user read the notice (ISO 8601); null when listed by `userIds`, which names no notice. */
  readAt: z.string().nullable(),
});
export type SeenByUser = z.infer<typeof seenByUserSchema>;

/** The most users one `seen-by-users?userIds=` call names; a notice's page asks by `id` instead. */
export const SEEN_BY_MAX_IDS = 200;

/**
 * `GET api/noticesModule/seen-by-users`: the users named by `userIds` (comma-separated, the spec's form) or
 * the readers of the notice `id` (the portal's own: a notice read by thousands does not fit in a URL).
 */
export const seenByQuerySchema = z
  .object({
    userIds: storableText()
      .max(SEEN_BY_MAX_IDS * 101)
      .transform((value) =>
        value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      )
      .pipe(z.array(userIdSchema).max(SEEN_BY_MAX_IDS))
      .optional(),
    id: noticeIdSchema.optional(),
  })
  .refine((query) => (query.userIds === undefined) !== (query.id === undefined), {
    message: 'give either userIds or id',
    path: ['userIds'],
  });

export const seenByListSchema = z.object({ users: z.array(seenByUserSchema) });
export type SeenByList = z.infer<typeof seenByListSchema>;

/** `POST api/noticesModule/seen-by-users {id, userId}`: records that the signed-in user read the notice. */
export const recordReadBodySchema = z.object({ id: noticeIdSchema, userId: userIdSchema });

export const recordReadAnswerSchema = z.object({
  id: z.string(),
  userId: z.string(),
  /** False when the read was already recorded (nothing added). */
  recorded: z.boolean(),
});

const changedValueSchema = z.union([z.string(), z.boolean(), z.null()]);

export const noticeChangeSchema = z.object({
  id: z.number().int(),
  action: z.enum(['created', 'updated', 'deleted']),
  at: z.string(),
  actor: z.object({ User_ID: z.string(), name: z.string(), email: z.string() }).nullable(),
  fields: z.array(z.object({ field: z.string(), before: changedValueSchema, after: changedValueSchema })),
});
export type NoticeChange = z.infer<typeof noticeChangeSchema>;

/** `GET api/noticesModule/notice-changes?id=` (admins): the notice's audit trail, newest first. */
export const noticeChangeListSchema = z.object({ changes: z.array(noticeChangeSchema) });
export type NoticeChangeList = z.infer<typeof noticeChangeListSchema>;

/** One event of the live stream (`GET api/noticesModule/events`, `event: notice`). */
export const noticeEventSchema = z.object({
  /** The audit row's id: the stream's `id:`, which a reconnecting stream sends back as `Last-Event-ID`. */
  seq: z.number().int(),
  action: z.enum(['created', 'updated', 'deleted']),
  noticeId: z.string(),
});
export type NoticeEvent = z.infer<typeof noticeEventSchema>;
