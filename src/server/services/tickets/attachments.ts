import { createHash } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { ATTACHMENTS_PER_TICKET, ATTACHMENT_MAX_BYTES, safeFileName } from '../../../common/attachments.js';
import type { StorageConnector } from '../../connectors/storage/types.js';
import { ticketAttachments } from '../../db/schema/index.js';
import { ServiceError } from '../../lib/errors.js';
import type { PortalUser } from '../auth/users.js';
import { scanAttachment } from './attachment-scan.js';
import { announceTicketChange } from './ticket-events.js';
import { refuseClosed, visibleTicket, type TicketOptions } from './tickets.js';

/**
 * Attaches a file to a ticket the user may see: size and type are checked before anything is stored (the
 * body limit stops an oversized upload before it is read whole), then the bytes go to the object store and a
 * row records them. A failure between the two leaves an object without a row, never a row without bytes.
 * Then the help desk records it in the ticket's history and the live lists hear of it; the file is kept by
 * then, so a failure there is the request's error but loses no file.
 */
export async function attachFile(
  options: TicketOptions & { storage: StorageConnector },
  user: PortalUser,
  ticketId: number,
  input: { fileName: string; bytes: Uint8Array },
) {
  refuseClosed(await visibleTicket(options, user, ticketId), 'takes no more files');
  if (input.bytes.byteLength > ATTACHMENT_MAX_BYTES) {
    throw new ServiceError('INVALID_INPUT', 'body: the file is larger than 25 MB');
  }
  // Kept under a safe name whose extension says what the bytes are (report.html of PNG bytes: report.png).
  const { contentType, fileName } = await scanAttachment(safeFileName(input.fileName), input.bytes);
  const [held] = await options.db
    .select({ value: count() })
    .from(ticketAttachments)
    .where(eq(ticketAttachments.ticketId, ticketId));
  if ((held?.value ?? 0) >= ATTACHMENTS_PER_TICKET) {
    throw new ServiceError('CONFLICT', `A ticket holds at most ${ATTACHMENTS_PER_TICKET} files.`);
  }
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const storageKey = `attachments/${ticketId}/${sha256.slice(0, 16)}-${Date.now()}/${fileName}`;
  await options.storage.put({
    key: storageKey,
    contentType,
    body: input.bytes,
    maxBytes: ATTACHMENT_MAX_BYTES,
  });
  const [row] = await options.db
    .insert(ticketAttachments)
    .values({
      ticketId,
      fileName,
      contentType,
      size: input.bytes.byteLength,
      sha256,
      storageKey,
      uploadedBy: user.email,
      uploaderName: user.name,
    })
    .returning();
  if (!row) throw new Error('attachments: no row returned');
  const ticket = await options.ticketDesk.recordAttachment(ticketId, {
    fileName,
    actorEmail: user.email,
    file: { bytes: input.bytes, contentType },
  });
  if (ticket) await announceTicketChange(options, ticket, 'attached');
  return row;
}

export async function listAttachments(options: TicketOptions, ticketId: number) {
  return options.db
    .select()
    .from(ticketAttachments)
    .where(eq(ticketAttachments.ticketId, ticketId))
    .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.id));
}

/** A signed five-minute link to one attachment of a ticket the user may see; NOT_FOUND otherwise. */
export async function attachmentUrl(
  options: TicketOptions & { storage: StorageConnector },
  user: PortalUser,
  ticketId: number,
  attachmentId: number,
): Promise<string> {
  await visibleTicket(options, user, ticketId);
  const [row] = await options.db
    .select()
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.ticketId, ticketId), eq(ticketAttachments.id, attachmentId)));
  if (!row) throw new ServiceError('NOT_FOUND', 'There is no such attachment on this ticket.');
  return options.storage.signedUrl(row.storageKey, { fileName: row.fileName, expiresInSeconds: 300 });
}
