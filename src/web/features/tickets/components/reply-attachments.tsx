import { Button, Group, Progress } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { apiPaths } from '../../../../common/api-paths';
import { ATTACHMENT_HINT } from '../../../../common/attachments';
import { formatFileSize } from '../../../lib/file-size';
import { ticketApiPath, TICKETS_KEY } from '../lib/ticket-contracts';
import { uploadWithProgress } from '../lib/upload-with-progress';
import classes from './ticket-page.module.css';

/** One file of the reply: its upload's progress, and the name it is kept under or why it was refused. */
export interface ReplyFile {
  key: string;
  file: File;
  /** 0 to 100. */
  progress: number;
  state: 'uploading' | 'attached' | 'refused';
  /** The name the portal keeps it under (attached), or why it was refused, in words. */
  detail: string;
  /** An image's preview (an object URL), freed when the file leaves the reply. */
  preview: string | null;
}

let nextKey = 0;

/**
 * The files of a reply: dropped on the box or picked with "Choose files", each uploaded at once to the ticket
 * (the attachment call and its rules: the server reads the type from the bytes), with its progress, a preview
 * of an image, and a refusal in words beside the file it concerns.
 */
export function ReplyAttachments({
  ticketId,
  files,
  setFiles,
  disabled,
}: {
  ticketId: string;
  files: ReplyFile[];
  setFiles: (update: (files: ReplyFile[]) => ReplyFile[]) => void;
  disabled: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const queryClient = useQueryClient();
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const held = previews.current;
    return () => held.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const change = (key: string, patch: Partial<ReplyFile>) =>
    setFiles((current) => current.map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));

  const add = (list: FileList | null) => {
    if (!list || disabled) return;
    for (const file of Array.from(list)) {
      const key = `file-${(nextKey += 1)}`;
      const preview = file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
      if (preview) previews.current.add(preview);
      setFiles((current) => [
        ...current,
        { key, file, progress: 0, state: 'uploading', detail: '', preview },
      ]);
      uploadWithProgress(ticketApiPath(apiPaths.tickets.attachments, ticketId), file, (progress) =>
        change(key, { progress }),
      ).then(
        (kept) => {
          change(key, { state: 'attached', progress: 100, detail: kept });
          void queryClient.invalidateQueries({ queryKey: TICKETS_KEY });
        },
        (error: unknown) =>
          change(key, {
            state: 'refused',
            detail: error instanceof Error ? error.message : 'The file could not be attached.',
          }),
      );
    }
  };

  const remove = (entry: ReplyFile) => {
    if (entry.preview) {
      URL.revokeObjectURL(entry.preview);
      previews.current.delete(entry.preview);
    }
    setFiles((current) => current.filter((other) => other.key !== entry.key));
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    add(event.dataTransfer.files);
  };

  return (
    <div
      className={over ? `${classes.dropZone} ${classes.dropZoneActive}` : classes.dropZone}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <Group gap="sm" wrap="wrap">
        <Button variant="default" size="xs" onClick={() => input.current?.click()} disabled={disabled}>
          Choose files
        </Button>
        <span className={classes.hint}>or drop them here. {ATTACHMENT_HINT}</span>
      </Group>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="Attach files to the reply"
        onChange={(event) => {
          add(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
      {files.length > 0 ? (
        <ul className={classes.files} aria-label="Files of this reply">
          {files.map((entry) => (
            <li key={entry.key} className={classes.file}>
              {entry.preview ? (
                <img src={entry.preview} alt="" className={classes.preview} />
              ) : (
                <span className={classes.previewBox} aria-hidden="true">
                  {entry.file.name.split('.').pop()?.slice(0, 4).toUpperCase() ?? 'FILE'}
                </span>
              )}
              <div className={classes.fileText}>
                <span className={classes.fileName}>{entry.file.name}</span>
                <span className={classes.hint}>{formatFileSize(entry.file.size)}</span>
                {entry.state === 'uploading' ? (
                  <Progress value={entry.progress} size="sm" aria-label={`Uploading ${entry.file.name}`} />
                ) : entry.state === 'attached' ? (
                  <span className={classes.attached}>Attached</span>
                ) : (
                  <span className={classes.refused} role="alert">
                    {`${entry.file.name} was not attached: ${entry.detail}`}
                  </span>
                )}
              </div>
              <Button
                variant="subtle"
                size="xs"
                onClick={() => remove(entry)}
                aria-label={`Remove ${entry.file.name} from the list`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
