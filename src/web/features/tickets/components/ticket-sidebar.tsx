import { Alert, Badge, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { TicketContext } from '../../../../common/contracts/ticket-links';
import type { Ticket } from '../../../../common/contracts/tickets';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../../../../common/tickets';
import { AppLink } from '../../../components/app-link';
import { ClockText } from '../../../components/clock-text';
import { useAssignees } from '../api/get-assignees';
import { useLinkIssue, useUnlinkIssue } from '../api/ticket-issues';
import { useUpdateTicket } from '../api/update-ticket';
import { runningDueAt } from '../lib/due-text';
import { dateTime } from '../lib/formats';
import { DueBadge } from './due-badge';
import { failure } from './ticket-composer';
import classes from './ticket-page.module.css';

const UNASSIGNED = '';

/** Status, priority and the assignee, changed together with one Update. */
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
      <Stack gap="xs">
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
      </Stack>
    </form>
  );
}

/** The issues linked to the ticket with their status, and a form to link one more. */
function LinkedIssues({ id, context }: { id: string; context: TicketContext | undefined }) {
  const [key, setKey] = useState('');
  const link = useLinkIssue(id);
  const unlink = useUnlinkIssue(id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (key.trim() === '') return;
    link.mutate(key.trim(), { onSuccess: () => setKey('') });
  };
  const linked = context?.linked ?? [];
  return (
    <section aria-labelledby="ticket-issues" className={classes.panel}>
      <h2 id="ticket-issues">Linked Jira issues</h2>
      {context?.trackerProblem ? <p className={classes.hint}>{context.trackerProblem}</p> : null}
      {linked.length === 0 ? (
        <p className={classes.hint}>No issues linked.</p>
      ) : (
        <ul className={classes.list} aria-label="Linked issues">
          {linked.map((issue) => (
            <li key={issue.key} className={classes.issue}>
              <a href={issue.url} rel="noopener noreferrer nofollow" target="_blank">
                {issue.key}
              </a>
              <Badge variant="outline" color="gray" tt="none">
                {issue.status ?? 'Status unknown'}
              </Badge>
              {issue.summary ? <span className={classes.hint}>{issue.summary}</span> : null}
              <Button
                variant="subtle"
                size="compact-xs"
                onClick={() => unlink.mutate(issue.key)}
                aria-label={`Unlink ${issue.key}`}
              >
                Unlink
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} aria-label="Link a Jira issue">
        {link.error ? (
          <Alert color="red" role="alert" my="xs">
            {failure(link.error, 'Linking the issue').replace(/^body\.key: /, '')}
          </Alert>
        ) : null}
        <Group align="flex-end" gap="xs" mt="xs" wrap="nowrap">
          <TextInput
            label="Issue key"
            placeholder="NET-1008"
            value={key}
            onChange={(event) => setKey(event.currentTarget.value)}
            className={classes.grow}
          />
          <Button type="submit" variant="outline" loading={link.isPending}>
            Link
          </Button>
        </Group>
      </form>
    </section>
  );
}

/** Agents: who asked, the ticket's state and its controls, its Jira issues and the requester's other work. */
export function TicketSidebar({
  ticket,
  id,
  userId,
  context,
  now,
}: {
  ticket: Ticket;
  id: string;
  userId: string;
  context: TicketContext | undefined;
  now: number;
}) {
  const dueAt = runningDueAt(ticket);
  const others = context?.otherOpenTickets ?? [];
  return (
    <aside className={classes.aside} aria-label="Ticket details">
      <section aria-labelledby="ticket-requester" className={classes.panel}>
        <h2 id="ticket-requester">Requester</h2>
        <dl className={classes.facts}>
          <dt>Name</dt>
          <dd>{ticket.requester.name}</dd>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${ticket.requester.email}`}>{ticket.requester.email}</a>
          </dd>
          <dt>Organisation</dt>
          <dd>{ticket.organisation ?? '—'}</dd>
          <dt>Tier</dt>
          <dd>{ticket.tier ?? 'Basic'}</dd>
        </dl>
      </section>
      <section aria-labelledby="ticket-state" className={classes.panel}>
        <h2 id="ticket-state">Ticket</h2>
        <dl className={classes.facts}>
          <dt>First response</dt>
          <dd>
            <DueBadge ticket={ticket} now={now} />
          </dd>
          {dueAt ? (
            <>
              <dt>Due</dt>
              <dd>
                <ClockText text={() => dateTime(dueAt)} />
              </dd>
            </>
          ) : null}
          <dt>Assignee</dt>
          <dd>{ticket.assignee?.name ?? 'Unassigned'}</dd>
        </dl>
        {ticket.status === 'closed' ? null : (
          <div className={classes.controls}>
            <AgentControls
              key={`${ticket.status}-${ticket.priority}-${ticket.assignee?.id ?? ''}`}
              ticket={ticket}
              id={id}
              userId={userId}
            />
          </div>
        )}
      </section>
      <LinkedIssues id={id} context={context} />
      <section aria-labelledby="ticket-others" className={classes.panel}>
        <h2 id="ticket-others">Other open tickets of the requester</h2>
        {others.length === 0 ? (
          <p className={classes.hint}>None.</p>
        ) : (
          <ul className={classes.list}>
            {others.map((other) => (
              <li key={other.id}>
                <AppLink href={other.url}>{`#${other.id} ${other.subject}`}</AppLink>{' '}
                <span className={classes.hint}>({other.status})</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
