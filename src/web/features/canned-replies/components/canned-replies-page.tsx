import { Alert, Badge, Button, Loader } from '@mantine/core';
import { useRef, useState } from 'react';
import { SUBMIT_AS_LABELS } from '../../../../common/canned-replies';
import type { CannedReply } from '../../../../common/contracts/canned-replies';
import { ClockText } from '../../../components/clock-text';
import { EmptyCard } from '../../../components/empty-card';
import { formatDate } from '../../../lib/format-date';
import { useAdminCannedReplies } from '../api/get-canned-replies';
import { CannedReplyDialog } from './canned-reply-dialog';
import classes from './canned-replies.module.css';
import { DeleteCannedReplyDialog } from './delete-canned-reply-dialog';

type Open = { kind: 'edit'; reply: CannedReply | null } | { kind: 'delete'; reply: CannedReply } | null;

function ReplyCard({
  reply,
  onEdit,
  onDelete,
}: {
  reply: CannedReply;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const headingId = `canned-reply-${reply.id}`;
  return (
    <li className={classes.card} aria-labelledby={headingId}>
      <div className={classes.cardHead}>
        <h2 id={headingId} className={classes.cardTitle}>
          {reply.title}
        </h2>
        {reply.statusChange ? (
          <Badge variant="filled" color="blue.9" tt="none" className={classes.badge}>
            {SUBMIT_AS_LABELS[reply.statusChange]}
          </Badge>
        ) : null}
      </div>
      <p className={classes.body}>{reply.body}</p>
      <p className={classes.meta}>
        {'Last saved '}
        <ClockText text={() => formatDate(reply.updatedAt)} />
        {reply.updatedByName ? ` by ${reply.updatedByName}` : ''}
      </p>
      <div className={classes.actions}>
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit “${reply.title}”`}>
          Edit
        </Button>
        <Button
          variant="outline"
          color="red.9"
          size="sm"
          onClick={onDelete}
          aria-label={`Delete “${reply.title}”`}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

/**
 * The admins' canned replies: each with its text and the status it preselects, to edit or delete, and the
 * button that creates one. Agents insert them from a ticket's reply box ("Insert canned reply").
 */
export function CannedRepliesPage() {
  const list = useAdminCannedReplies();
  const [open, setOpen] = useState<Open>(null);
  const [message, setMessage] = useState('');
  const newButton = useRef<HTMLButtonElement>(null);

  const done = (text: string, focusNew: boolean) => {
    setOpen(null);
    setMessage(text);
    // The deleted card's button is gone: the focus goes to the page's first action instead of the page's top.
    if (focusNew) requestAnimationFrame(() => newButton.current?.focus());
  };

  const replies = list.data?.cannedReplies;
  return (
    <>
      <div className={classes.toolbar}>
        <p className={classes.intro}>
          Agents insert these into a ticket&apos;s reply with &ldquo;Insert canned reply&rdquo;, then change
          what they need before sending. A status change preselects how the reply is sent.
        </p>
        <Button ref={newButton} onClick={() => setOpen({ kind: 'edit', reply: null })}>
          New canned reply
        </Button>
      </div>
      <p role="status" className={message ? classes.saved : classes.visuallyHidden}>
        {message}
      </p>
      {replies && replies.length === 0 ? (
        <EmptyCard title="No canned replies yet">
          <p>
            Write the answers your agents type again and again (asking for a diagnostic bundle, pointing to a
            fix) once here. Start with &ldquo;New canned reply&rdquo; above.
          </p>
        </EmptyCard>
      ) : null}
      {replies && replies.length > 0 ? (
        <ul className={classes.list} aria-label="Canned replies">
          {replies.map((reply) => (
            <ReplyCard
              key={reply.id}
              reply={reply}
              onEdit={() => setOpen({ kind: 'edit', reply })}
              onDelete={() => setOpen({ kind: 'delete', reply })}
            />
          ))}
        </ul>
      ) : null}
      {list.isError && !replies ? (
        <Alert color="red" variant="light" title="The canned replies could not be loaded">
          {list.error instanceof Error ? list.error.message : 'Please try again later.'}
        </Alert>
      ) : null}
      {list.isPending ? (
        <div role="status" className={classes.loading}>
          <Loader size="sm" aria-hidden="true" />
          <span>Loading…</span>
        </div>
      ) : null}
      {open?.kind === 'edit' ? (
        <CannedReplyDialog
          reply={open.reply}
          onClose={() => setOpen(null)}
          onSaved={(text) => done(text, false)}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <DeleteCannedReplyDialog
          reply={open.reply}
          onClose={() => setOpen(null)}
          onDeleted={(text) => done(text, true)}
        />
      ) : null}
    </>
  );
}
