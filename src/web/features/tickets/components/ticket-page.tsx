import { Alert, Button, Checkbox, Group, NativeSelect, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Ticket, TicketComment } from '../../../../common/contracts/tickets';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../../../../common/tickets';
import { AppLink } from '../../../components/app-link';
import { QueryState } from '../../../components/query-state';
import { ApiError, unreachableMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useAddComment } from '../api/add-comment';
import { useAssignees } from '../api/get-assignees';
import { useTicket } from '../api/get-ticket';
import { useUpdateTicket } from '../api/update-ticket';
import { DueBadge, dateTime } from './due-badge';
import { TicketAttachments } from './ticket-attachments';
import { TicketConversation } from './ticket-conversation';
import { TicketHistory } from './ticket-history';
import { useTicketEvents } from '../lib/use-ticket-events';
import classes from './tickets.module.css';
import { useHydrated } from '../../../lib/use-hydrated';
import { ClockText } from '../../../components/clock-text';

function failure(error: unknown, what: string): string {
  if (error instanceof ApiError && error.status === 0) return unreachableMessage('Check your connection.');
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code) return error.code;
  return `${what} failed. Please try again.`;
}

function Comments({ comments }: { comments: TicketComment[] }) {
  if (comments.length === 0) return <p>No replies yet.</p>;
  return (
    <ol className={classes.comments} aria-label="Conversation">
      {comments.map((comment) => (
        <li
          key={comment.id}
          className={comment.internal ? `${classes.comment} ${classes.internal}` : classes.comment}
        >
          <strong>{comment.author.name}</strong>
          {comment.internal ? ' (internal note)' : comment.author.type === 'agent' ? ' (support)' : ''}
          {' · '}
          <ClockText text={() => dateTime(comment.createdAt)} />
          <p className={classes.description}>{comment.body}</p>
        </li>
      ))}
    </ol>
  );
}

/** Reply (and, for agents, internal note). The text stays in the box when the send fails. */
function ReplyForm({ id, staff }: { id: string; staff: boolean }) {
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [empty, setEmpty] = useState(false);
  const add = useAddComment(id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim() === '') return setEmpty(true);
    add.mutate({ body, internal }, { onSuccess: () => setBody('') });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Reply">
      {add.error ? (
        <Alert color="red" role="alert" mb="sm">
          {failure(add.error, 'Sending the reply')}
        </Alert>
      ) : null}
      <Textarea
        label={staff && internal ? 'Internal note' : 'Your reply'}
        autosize
        minRows={3}
        maxLength={20_000}
        value={body}
        onChange={(event) => {
          setBody(event.currentTarget.value);
          setEmpty(false);
        }}
        error={empty ? 'Write a reply first' : undefined}
      />
      <Group mt="sm">
        {staff ? (
          <Checkbox
            label="Internal note (agents only)"
            checked={internal}
            onChange={(event) => setInternal(event.currentTarget.checked)}
          />
        ) : null}
        <Button type="submit" loading={add.isPending}>
          {staff && internal ? 'Add note' : 'Send reply'}
        </Button>
      </Group>
    </form>
  );
}

const UNASSIGNED = '';

/** Agents: status, priority and the assignee, changed together with one Update. */
function AgentControls({ ticket, id, userId }: { ticket: Ticket; id: string; userId: string }) {
  const update = useUpdateTicket(id);
  const assignees = useAssignees();
  const [status, setStatus] = useState<string>(ticket.status);
  const [priority, setPriority] = useState<string>(ticket.priority);
  const [assignee, setAssignee] = useState<string>(ticket.assignee?.id ?? UNASSIGNED);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nextStatus = TICKET_STATUSES.find((value) => value === status && value !== ticket.status);
    const nextPriority = TICKET_PRIORITIES.find((value) => value === priority && value !== ticket.priority);
    const assigneeChanged = assignee !== (ticket.assignee?.id ?? UNASSIGNED);
    update.mutate({
      ...(nextStatus ? { status: nextStatus } : {}),
      ...(nextPriority ? { priority: nextPriority } : {}),
      ...(assigneeChanged ? { assigneeId: assignee === UNASSIGNED ? null : assignee } : {}),
    });
  };
  const people = [
    { value: UNASSIGNED, label: 'Unassigned' },
    ...(assignees.data?.assignees ?? []).map((person) => ({
      value: person.id,
      label: person.id === userId ? `${person.name} (me)` : person.name,
    })),
  ];
  return (
    <form onSubmit={submit} aria-label="Update ticket">
      {update.error ? (
        <Alert color="red" role="alert" mb="sm">
          {failure(update.error, 'The update')}
        </Alert>
      ) : null}
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Status"
          data={[...TICKET_STATUSES]}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value)}
        />
        <NativeSelect
          label="Priority"
          data={[...TICKET_PRIORITIES]}
          value={priority}
          onChange={(event) => setPriority(event.currentTarget.value)}
        />
        <NativeSelect
          label="Assignee"
          data={people}
          value={assignee}
          onChange={(event) => setAssignee(event.currentTarget.value)}
        />
        <Button type="submit" variant="outline" loading={update.isPending}>
          Update ticket
        </Button>
      </Group>
    </form>
  );
}

/** Customers: mark solved (a reply reopens it). */
function MarkSolved({ ticket, id }: { ticket: Ticket; id: string }) {
  const update = useUpdateTicket(id);
  if (ticket.status === 'solved' || ticket.status === 'closed') return null;
  return (
    <>
      {update.error ? (
        <Alert color="red" role="alert" mb="sm">
          {failure(update.error, 'Marking the ticket solved')}
        </Alert>
      ) : null}
      <Button
        variant="outline"
        loading={update.isPending}
        onClick={() => update.mutate({ status: 'solved' })}
      >
        Mark as solved
      </Button>
    </>
  );
}

/** One ticket: the request and its conversation; for agents the console's controls and notes. */
export function TicketPage({ id, staff, userId }: { id: string; staff: boolean; userId: string }) {
  useTicketEvents();
  const ticket = useTicket(id);
  const hydrated = useHydrated();
  const now = Date.now();
  return (
    <QueryState
      isPending={ticket.isPending}
      error={ticket.error}
      failed="The ticket could not be loaded. Please try again later."
      notFound="There is no ticket with this number, or it is not yours."
    >
      {() => {
        const data = ticket.data;
        if (!data) return null;
        const t = data.ticket;
        return (
          <>
            <h2>{`#${t.id} ${t.subject}`}</h2>
            <ul className={classes.meta} aria-label="Ticket details">
              <li>Status: {t.status}</li>
              <li>Priority: {t.priority}</li>
              <li>Type: {t.type}</li>
              {t.release ? <li>Release: {t.release}</li> : null}
              <li>
                Opened <ClockText text={() => dateTime(t.createdAt)} />
              </li>
              <li>
                First response: <DueBadge ticket={t} now={now} />
                {t.firstResponseDueAt && !t.firstRespondedAt && t.dueState !== 'stopped' ? (
                  <>
                    {' (due '}
                    <ClockText text={() => dateTime(t.firstResponseDueAt ?? '')} />)
                  </>
                ) : null}
              </li>
              {staff ? <li>Requester: {`${t.requester.name} <${t.requester.email}>`}</li> : null}
              {staff ? (
                <li>Organisation: {t.organisation ? `${t.organisation} (${t.tier ?? 'Basic'})` : '—'}</li>
              ) : null}
              {staff ? <li>Assignee: {t.assignee?.name ?? 'Unassigned'}</li> : null}
            </ul>
            <p className={classes.description}>{t.description}</p>
            <TicketConversation conversation={data.conversation} />
            {/* The ticket comes with the server's HTML: its controls wait for the app (useHydrated). */}
            <fieldset className={classes.untilHydrated} disabled={!hydrated}>
              {t.status === 'closed' ? null : staff ? (
                <AgentControls
                  key={`${t.status}-${t.priority}-${t.assignee?.id ?? ''}`}
                  ticket={t}
                  id={id}
                  userId={userId}
                />
              ) : (
                <MarkSolved ticket={t} id={id} />
              )}
              <TicketAttachments id={id} attachments={data.attachments} closed={t.status === 'closed'} />
              <h2>Conversation</h2>
              <Comments comments={data.comments} />
              {t.status === 'closed' ? (
                <p>
                  This ticket is closed. Please open a new one.
                  {staff ? null : (
                    <>
                      {' '}
                      <AppLink href={paths.newTicket.getHref()}>Open a new ticket</AppLink>
                    </>
                  )}
                </p>
              ) : (
                <ReplyForm id={id} staff={staff} />
              )}
            </fieldset>
            {staff ? <TicketHistory history={data.history} /> : null}
            <p>
              <AppLink href="/tickets">{staff ? 'Back to the queue' : 'Back to My Requests'}</AppLink>
            </p>
          </>
        );
      }}
    </QueryState>
  );
}
