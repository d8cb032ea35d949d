import type { TicketAttachment } from '../../../../common/contracts/tickets';
import { ClockText } from '../../../components/clock-text';
import { ApiError, unreachableMessage } from '../../../lib/api-client';
import { formatFileSize } from '../../../lib/file-size';
import { dateTime } from '../lib/formats';
import classes from './ticket-page.module.css';

/** Why an upload was refused, in the server's words when it gave them. */
export function uploadFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 413) return 'The file is larger than 25 MB.';
  if (error instanceof ApiError && error.status === 0) return unreachableMessage('Check your connection.');
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code) {
    return error.code.replace(/^body: /, '');
  }
  return 'The file could not be attached. Please try again.';
}

/** The files of a ticket (new ones come with a reply: the composer attaches them). */
export function TicketAttachments({ attachments }: { attachments: TicketAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <section aria-labelledby="ticket-attachments" className={classes.section}>
      <h2 id="ticket-attachments">Attachments</h2>
      <ul className={classes.list}>
        {attachments.map((attachment) => (
          <li key={attachment.id}>
            <a href={attachment.url}>{attachment.fileName}</a>
            <span className={classes.hint}>
              {` · ${formatFileSize(attachment.size)} · ${attachment.uploadedBy}, `}
              <ClockText text={() => dateTime(attachment.createdAt)} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
