import { Alert, Button, FileInput, Group } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ATTACHMENT_HINT } from '../../../../common/attachments';
import type { TicketAttachment } from '../../../../common/contracts/tickets';
import { ApiError, unreachableMessage } from '../../../lib/api-client';
import { useAttachFile } from '../api/attach-file';
import { formatFileSize } from '../../../lib/file-size';
import { dateTime } from './due-badge';
import classes from './tickets.module.css';
import { ClockText } from '../../../components/clock-text';

/** Why an upload was refused, in the server's words when it gave them. */
export function uploadFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 413) return 'The file is larger than 25 MB.';
  if (error instanceof ApiError && error.status === 0) return unreachableMessage('Check your connection.');
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code) {
    return error.code.replace(/^body: /, '');
  }
  return 'The file could not be attached. Please try again.';
}

/** The files of a ticket, and a form to attach one more while it is not closed (a closed ticket takes none). */
export function TicketAttachments({
  id,
  attachments,
  closed,
}: {
  id: string;
  attachments: TicketAttachment[];
  closed: boolean;
}) {
  const [file, setFile] = useState<File | null>(null);
  const attach = useAttachFile(id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) attach.mutate(file, { onSuccess: () => setFile(null) });
  };
  return (
    <section aria-labelledby="ticket-attachments">
      <h2 id="ticket-attachments">Attachments</h2>
      {attachments.length === 0 ? (
        <p>No files attached.</p>
      ) : (
        <ul className={classes.comments}>
          {attachments.map((attachment) => (
            <li key={attachment.id}>
              <a href={attachment.url}>{attachment.fileName}</a>
              {` · ${formatFileSize(attachment.size)} · ${attachment.uploadedBy}, `}
              <ClockText text={() => dateTime(attachment.createdAt)} />
            </li>
          ))}
        </ul>
      )}
      {closed ? null : (
        <form onSubmit={submit} aria-label="Attach a file">
          {attach.error ? (
            <Alert color="red" role="alert" mb="sm">
              {uploadFailure(attach.error)}
            </Alert>
          ) : null}
          <Group align="flex-end" gap="sm">
            <FileInput
              label="Attach a file"
              description={ATTACHMENT_HINT}
              placeholder="Choose a file"
              classNames={{ placeholder: classes.filePlaceholder }}
              value={file}
              onChange={setFile}
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
            />
            <Button type="submit" variant="outline" disabled={!file} loading={attach.isPending}>
              Upload
            </Button>
          </Group>
        </form>
      )}
    </section>
  );
}
