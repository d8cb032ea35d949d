import { Alert, Button, Group, Tabs, Textarea } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { SUBMIT_AS_LABELS } from '../../../../common/canned-replies';
import type { CannedReply } from '../../../../common/contracts/canned-replies';
import type { ReplyStatus } from '../../../../common/tickets';
import { ApiError, unreachableMessage } from '../../../lib/api-client';
import type { Suggestion } from '../../../lib/search-suggestions';
import { useAddComment } from '../api/add-comment';
import { insertInto, type Caret } from '../lib/insert-text';
import { ArticleLinkPicker, CannedReplyPicker } from './composer-inserts';
import { ReplyAttachments, type ReplyFile } from './reply-attachments';
import classes from './ticket-page.module.css';

type Mode = 'reply' | 'note';

/** Why a call failed, in the server's words for a refusal. */
export function failure(error: unknown, what: string): string {
  if (error instanceof ApiError && error.status === 0) return unreachableMessage('Check your connection.');
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code) return error.code;
  return `${what} failed. Please try again.`;
}

/** The reply's text, with a line naming the files that came with it so the conversation says so. */
function withFiles(body: string, files: ReplyFile[]): string {
  const names = files.filter((entry) => entry.state === 'attached').map((entry) => entry.detail);
  if (names.length === 0) return body.trim();
  const line = `Attached: ${names.join(', ')}`;
  return body.trim() === '' ? line : `${body.trim()}\n\n${line}`;
}

/** The buttons a reply is sent with; the open status only when a canned reply preselected it. */
const SEND_AS: readonly ReplyStatus[] = ['pending', 'solved'];

/**
 * The composer of a ticket: a public reply (with its files) or, for agents, an internal note, coloured so it
 * is never taken for a reply; the choice goes back to the reply after each send. Agents may set the ticket
 * pending or solved in the same step, insert a canned reply (its text at the caret, its status preselected as
 * the way the reply is sent) and a help article's title and link. The text stays in the box when the send
 * fails.
 */
export function TicketComposer({ id, staff }: { id: string; staff: boolean }) {
  const [mode, setMode] = useState<Mode>('reply');
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<ReplyFile[]>([]);
  const [empty, setEmpty] = useState(false);
  /** The status a canned reply preselected, with the reply's title to say so. */
  const [submitAs, setSubmitAs] = useState<{ status: ReplyStatus; from: string } | null>(null);
  const textBox = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<Caret | null>(null);
  const add = useAddComment(id);
  const note = staff && mode === 'note';
  const uploading = files.some((entry) => entry.state === 'uploading');

  const send = (status?: ReplyStatus) => {
    const text = note ? body.trim() : withFiles(body, files);
    if (text === '') return setEmpty(true);
    add.mutate(
      { body: text, internal: note, ...(status ? { status } : {}) },
      {
        onSuccess: () => {
          setBody('');
          setFiles([]);
          setMode('reply');
          setSubmitAs(null);
          caret.current = null;
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(note ? undefined : submitAs?.status);
  };

  /** Puts `text` where the caret was, then gives the box the focus with the caret after it, to go on typing. */
  const insert = (text: string) => {
    const next = insertInto(body, text, caret.current);
    setBody(next.body);
    setEmpty(false);
    caret.current = { start: next.caret, end: next.caret };
    requestAnimationFrame(() => {
      const box = textBox.current;
      if (!box) return;
      box.focus();
      box.setSelectionRange(next.caret, next.caret);
    });
  };
  const insertReply = (reply: CannedReply) => {
    insert(reply.body);
    if (reply.statusChange) setSubmitAs({ status: reply.statusChange, from: reply.title });
  };
  const insertArticle = (article: Suggestion) =>
    insert(`${article.title}: ${new URL(article.url, window.location.origin).href}`);
  const keepCaret = () => {
    const box = textBox.current;
    if (box) caret.current = { start: box.selectionStart, end: box.selectionEnd };
  };
  const preselected = note ? undefined : submitAs?.status;
  const sendButtons: (ReplyStatus | undefined)[] = [
    undefined,
    ...(preselected === 'open' ? (['open'] as const) : []),
    ...SEND_AS,
  ];

  const form = (
    <form onSubmit={submit} noValidate aria-label={note ? 'Internal note' : 'Reply'}>
      <div className={note ? `${classes.composer} ${classes.noteComposer}` : classes.composer}>
        {add.error ? (
          <Alert color="red" role="alert" mb="sm">
            {failure(add.error, note ? 'Adding the note' : 'Sending the reply')}
          </Alert>
        ) : null}
        {note ? (
          <p className={classes.noteWarning}>Only agents see internal notes. The requester is not told.</p>
        ) : null}
        <Textarea
          ref={textBox}
          label={note ? 'Internal note' : staff ? 'Public reply to the requester' : 'Your reply'}
          autosize
          minRows={4}
          maxLength={20_000}
          value={body}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            setEmpty(false);
          }}
          onBlur={keepCaret}
          error={empty ? (note ? 'Write the note first' : 'Write a reply or attach a file first') : undefined}
        />
        {staff ? (
          <div className={classes.composerTools} role="group" aria-label="Insert into the text">
            <CannedReplyPicker onInsert={insertReply} disabled={add.isPending} />
            <ArticleLinkPicker onInsert={insertArticle} disabled={add.isPending} />
          </div>
        ) : null}
        {preselected && submitAs ? (
          <p className={classes.hint}>
            {`“${submitAs.from}” preselects ${SUBMIT_AS_LABELS[preselected]}; any other button sends it another way.`}
          </p>
        ) : null}
        {note ? null : (
          <ReplyAttachments ticketId={id} files={files} setFiles={setFiles} disabled={add.isPending} />
        )}
        <Group mt="sm" gap="sm">
          {staff && !note ? (
            sendButtons.map((status) =>
              status === preselected ? (
                <Button key={status ?? 'reply'} type="submit" loading={add.isPending} disabled={uploading}>
                  {status ? SUBMIT_AS_LABELS[status] : 'Send reply'}
                </Button>
              ) : (
                <Button
                  key={status ?? 'reply'}
                  variant="outline"
                  disabled={uploading || add.isPending}
                  onClick={() => send(status)}
                >
                  {status ? SUBMIT_AS_LABELS[status] : 'Send reply'}
                </Button>
              ),
            )
          ) : (
            <Button type="submit" loading={add.isPending} disabled={uploading}>
              {note ? 'Add internal note' : 'Send reply'}
            </Button>
          )}
          {uploading ? <span className={classes.hint}>Waiting for the files to upload…</span> : null}
        </Group>
      </div>
    </form>
  );

  if (!staff) {
    return (
      <section aria-labelledby="ticket-reply" className={classes.section}>
        <h2 id="ticket-reply">Reply</h2>
        {form}
      </section>
    );
  }
  return (
    <section aria-label="Reply or note" className={classes.section}>
      <Tabs
        value={mode}
        onChange={(value) => setMode(value === 'note' ? 'note' : 'reply')}
        keepMounted={false}
        classNames={{ tab: classes.composerTab }}
      >
        <Tabs.List>
          <Tabs.Tab value="reply">Public reply</Tabs.Tab>
          <Tabs.Tab value="note" className={classes.noteTab}>
            Internal note
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="reply">{form}</Tabs.Panel>
        <Tabs.Panel value="note">{form}</Tabs.Panel>
      </Tabs>
    </section>
  );
}
