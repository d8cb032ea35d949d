import { z } from 'zod';
import { CANNED_REPLY_BODY_MAX, CANNED_REPLY_TITLE_MAX } from '../canned-replies.js';
import { REPLY_STATUSES } from '../tickets.js';
import { storableText } from './text.js';

/**
 * Canned replies: the admins' `/api/admin/canned-replies` (list, create, update, delete) and the agents'
 * `GET /api/tickets/canned-replies` (the list the composer inserts from).
 */

export const cannedReplySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** The status the composer preselects when the reply is inserted; null: none. */
  statusChange: z.enum(REPLY_STATUSES).nullable(),
  updatedAt: z.iso.datetime(),
  /** Who saved it last; null for the demo's and a deleted account. */
  updatedByName: z.string().nullable(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;

export const cannedReplyListSchema = z.object({ cannedReplies: z.array(cannedReplySchema) });
export type CannedReplyList = z.infer<typeof cannedReplyListSchema>;

export const cannedReplyItemSchema = z.object({ cannedReply: cannedReplySchema });

export const cannedReplyBodySchema = z.object({
  title: storableText()
    .trim()
    .min(1, 'must not be empty')
    .max(CANNED_REPLY_TITLE_MAX, `must be at most ${CANNED_REPLY_TITLE_MAX} characters`),
  body: storableText()
    .trim()
    .min(1, 'must not be empty')
    .max(CANNED_REPLY_BODY_MAX, `must be at most ${CANNED_REPLY_BODY_MAX} characters`),
  statusChange: z
    .enum(REPLY_STATUSES, { error: `must be one of ${REPLY_STATUSES.join(', ')}, or null` })
    .nullable()
    .default(null),
});
export type CannedReplyBody = z.infer<typeof cannedReplyBodySchema>;

export const cannedReplyParamsSchema = z.object({
  id: z.coerce.number().int('must be a canned reply id').min(1).max(2_147_483_647),
});

export const cannedReplyQuerySchema = z.object({
  /** Words of the title or the text; every word must match. */
  q: storableText().trim().max(200).optional(),
});
