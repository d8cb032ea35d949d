import type { CannedReply } from '../../common/contracts/canned-replies.js';
import { REPLY_STATUSES, type ReplyStatus } from '../../common/tickets.js';
import type { CannedReplyView } from '../services/canned-replies/canned-replies.js';

const isReplyStatus = (value: string | null): value is ReplyStatus =>
  REPLY_STATUSES.some((status) => status === value);

export function presentCannedReply({ row, updatedByName }: CannedReplyView): CannedReply {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    // The table's check allows only these; anything else would be a row written around it.
    statusChange: isReplyStatus(row.statusChange) ? row.statusChange : null,
    updatedAt: row.updatedAt.toISOString(),
    updatedByName,
  };
}
