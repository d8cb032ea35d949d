import { Alert, Button, Group } from '@mantine/core';
import { useState } from 'react';
import type { TicketContext } from '../../../../common/contracts/ticket-links';
import type { Ticket, TicketComment } from '../../../../common/contracts/tickets';
import { AppLink } from '../../../components/app-link';
import { ClockText } from '../../../components/clock-text';
import { QueryState } from '../../../components/query-state';
import { HydrationSlice } from '../../../lib/hydration-slices';
import { paths } from '../../../lib/paths';
import { useHydrated } from '../../../lib/use-hydrated';
import { useTicket } from '../api/get-ticket';
import { useTicketContext } from '../api/ticket-issues';
import { useUpdateTicket } from '../api/update-ticket';
import { runningDueAt } from '../lib/due-text';
import { statusLabel } from '../lib/status-labels';
import { useTicketEvents } from '../lib/use-ticket-events';
import { dateTime } from '../lib/formats';
import { DueBadge } from './due-badge';
import { LinkedText } from './linked-text';
import { TicketAttachments } from './ticket-attachments';
import { failure, TicketComposer } from './ticket-composer';
import { TicketConversation } from './ticket-conversation';
import { TicketHistory } from './ticket-history';
import { StaleNotice } from './stale-notice';
import { TicketSidebar } from './ticket-sidebar';
import classes from './ticket-page.module.css';
import listClasses from './tickets.module.css';

type IssueUrl = (key: string) => string | null;

/** The issue keys the tracker knows in this ticket's text, each to its issue (agents only). */
function issueUrlOf(context: TicketContext | undefined): IssueUrl | undefined {
  if (!context) return undefined;
  const urls = new Map([...context.mentioned, ...context.linked].map((issue) => [issue.key, issue.url]));
  return (key) => urls.get(key) ?? null;
}

function Comments({ comments, issueUrl }: { comments: TicketComment[]; issueUrl: IssueUrl | undefined }) {
  if (comments.length === 0) return <p>No replies yet.</p>;
  return (
    <ol className={listClasses.comments} aria-label="Conversation">
      {comments.map((comment) => (
        // Each reply hydrates in a task of its own: a long conversation is too much for one.
        <HydrationSlice key={comment.id}>
          <li
            className={
              comment.internal ? `${listClasses.comment} ${classes.noteComposer}` : listClasses.comment
            }
          >
            <strong>{comment.author.name}</strong>
            {comment.internal ? ' (internal note)' : comment.author.type === 'agent' ? ' (support)' : ''}
            {' · '}
            <ClockText text={() => dateTime(comment.createdAt)} />
            <LinkedText text={comment.body} issueUrl={issueUrl} className={classes.text} />
          </li>
        </HydrationSlice>
      ))}
    </ol>
  );
}

/** Customers: mark the request solved, after a confirmation (a reply reopens it). */
function MarkSolved({ ticket, id }: { ticket: Ticket; id: string }) {
  const update = useUpdateTicket(id);
  const [asking, setAsking] = useState(false);
  if (ticket.status === 'solved' || ticket.status === 'closed') return null;
  return (
    <>
      {update.error ? (
        <Alert color="red" role="alert" mb="sm">
          {failure(update.error, 'Marking the ticket solved')}
        </Alert>
      ) : null}
      <Button variant="outline" loading={update.isPending} onClick={() => setAsking(true)} disabled={asking}>
        Mark as solved
      </Button>
      {asking ? (
        <div role="group" aria-labelledby="mark-solved-question" className={classes.confirm}>
          <p id="mark-solved-question">
            <strong>Mark this request as solved?</strong>
          </p>
          <p>Support will stop working on it. If the problem comes back, reply and it reopens.</p>
          <Group gap="sm">
            <Button
              onClick={() => update.mutate({ status: 'solved' }, { onSettled: () => setAsking(false) })}
              loading={update.isPending}
            >
              Yes, mark as solved
            </Button>
            <Button variant="default" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </Group>
        </div>
      ) : null}
    </>
  );
}

/** The line under the title: number, status, priority, opened, and the first-response state. */
function Summary({ ticket, now, staff }: { ticket: Ticket; now: number; staff: boolean }) {
  const dueAt = runningDueAt(ticket);
  return (
    <ul className={classes.summary} aria-label="Ticket summary">
      <li>{`#${ticket.id}`}</li>
      <li>Status: {statusLabel(ticket.status, staff)}</li>
      <li>Priority: {ticket.priority}</li>
      <li>Type: {ticket.type}</li>
      {ticket.release ? <li>Release: {ticket.release}</li> : null}
      <li>
        Opened <ClockText text={() => dateTime(ticket.createdAt)} />
      </li>
      <li>
        First response: <DueBadge ticket={ticket} now={now} />
        {dueAt ? (
          <>
            {' by '}
            <ClockText text={() => dateTime(dueAt)} />
          </>
        ) : null}
      </li>
    </ul>
  );
}

/**
 * One ticket. Agents work it in two columns (the conversation and the composer; beside them the requester,
 * the ticket's state and controls, its Jira issues and the requester's other open tickets), stacked on a
 * phone; customers read one clean column with their actions above the request.
 */
export function TicketPage({ id, staff, userId }: { id: string; staff: boolean; userId: string }) {
  useTicketEvents();
  const ticket = useTicket(id);
  const context = useTicketContext(id, staff);
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
        const closed = t.status === 'closed';
        const issueUrl = staff ? issueUrlOf(context.data) : undefined;
        const conversation = (
          <>
            <section aria-label="Request" className={classes.request}>
              <strong>{t.requester.name}</strong>
              {' · '}
              <ClockText text={() => dateTime(t.createdAt)} />
              <LinkedText text={t.description} issueUrl={issueUrl} className={classes.text} />
            </section>
            <TicketAttachments attachments={data.attachments} />
            <TicketConversation conversation={data.conversation} />
            <section aria-labelledby="ticket-replies" className={classes.section}>
              <h2 id="ticket-replies">Conversation</h2>
              <Comments comments={data.comments} issueUrl={issueUrl} />
            </section>
            {/* The ticket comes with the server's HTML: its controls wait for the app (useHydrated). The
                composer, like the sidebar and the history, hydrates in a task of its own. */}
            <HydrationSlice>
              <fieldset className={listClasses.untilHydrated} disabled={!hydrated}>
                {closed ? (
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
                  <TicketComposer id={id} staff={staff} />
                )}
              </fieldset>
            </HydrationSlice>
          </>
        );
        return (
          <>
            <StaleNotice stale={data.stale} what="This is the ticket" />
            <Summary ticket={t} now={now} staff={staff} />
            {staff ? (
              <div className={classes.layout}>
                <div className={classes.main}>{conversation}</div>
                <HydrationSlice>
                  <fieldset
                    className={`${listClasses.untilHydrated} ${classes.layoutAside}`}
                    disabled={!hydrated}
                  >
                    <TicketSidebar ticket={t} id={id} userId={userId} context={context.data} now={now} />
                  </fieldset>
                </HydrationSlice>
                <HydrationSlice>
                  <div className={classes.history}>
                    <TicketHistory history={data.history} />
                  </div>
                </HydrationSlice>
              </div>
            ) : (
              <div className={classes.single}>
                <fieldset className={listClasses.untilHydrated} disabled={!hydrated}>
                  <div className={classes.actions}>
                    <MarkSolved ticket={t} id={id} />
                  </div>
                </fieldset>
                {conversation}
              </div>
            )}
            <p className={classes.back}>
              <AppLink href="/tickets">{staff ? 'Back to the queue' : 'Back to My Requests'}</AppLink>
            </p>
          </>
        );
      }}
    </QueryState>
  );
}
