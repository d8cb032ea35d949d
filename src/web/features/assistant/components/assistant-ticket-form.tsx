import { Alert, Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { TICKET_SUBJECT_MAX } from '../../../../common/contracts/tickets';
import type { RequesterProfile } from '../../../../common/contracts/tickets';
import { TICKET_PRIORITIES, type TicketPriority } from '../../../../common/tickets';
import { AppLink } from '../../../components/app-link';
import { QueryState } from '../../../components/query-state';
import { ApiError, unreachableMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { usePortalConfig } from '../../../lib/portal-config-context';
import { useRequesterProfile } from '../../../lib/tickets/get-requester-profile';
import { useCreateTicketFromConversation } from '../api/create-ticket-from-conversation';
import classes from './assistant.module.css';

type Target = RequesterProfile['targets'][number];

/** A priority as the choice reads: what it means and the tier's first-response target. */
const priorityLabel = (target: Target) =>
  `${target.priority}: ${target.description}, first response within ${target.target}` +
  (target.clock === 'business hours' ? ' of business hours' : ', around the clock');

/** Why the ticket was not created, in the user's words; what they chose stays in the form. */
const failure = (error: unknown) =>
  error instanceof ApiError && error.status === 0
    ? unreachableMessage()
    : error instanceof ApiError && error.status === 429 && error.code
      ? error.code
      : 'Something went wrong on our side. What you chose is kept: please try again.';

interface AssistantTicketFormProps {
  /** The question the ticket is about: its subject to begin with. */
  question: string;
  /** The conversation the server attaches to the ticket; null before the first question. */
  conversationId: string | null;
  onCancel: () => void;
}

/**
 * Ticket creation inside the panel (issue 15): the subject taken from the question, the priority with the
 * first-response target of the customer's tier (the ticket form's data), the type, and the conversation
 * attached. The form takes the focus when it opens, so a keyboard user lands in it.
 */
export function AssistantTicketForm({ question, conversationId, onCancel }: AssistantTicketFormProps) {
  const config = usePortalConfig();
  const profile = useRequesterProfile();
  const create = useCreateTicketFromConversation();
  const [subject, setSubject] = useState(question.slice(0, TICKET_SUBJECT_MAX));
  const [priority, setPriority] = useState<TicketPriority | ''>('');
  const [type, setType] = useState('');
  const [tried, setTried] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  useEffect(() => heading.current?.focus(), []);

  if (create.data) {
    const { ticket } = create.data;
    return (
      <Alert color="green" role="status" title={`Ticket #${ticket.id} created`}>
        {ticket.conversationId ? (
          <p>Our conversation is attached to it, so the support team reads what you asked and saw.</p>
        ) : null}
        <AppLink href={paths.ticket.getHref(ticket.id)}>Open ticket #{ticket.id}</AppLink>
      </Alert>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (subject.trim() === '' || priority === '' || type === '') return;
    create.mutate({
      ticket: {
        subject,
        description: `Asked the assistant on the support portal: ${question.trim() || subject}`,
        priority,
        type,
      },
      conversationId,
    });
  };
  const required = (value: string) => (tried && value.trim() === '' ? 'Required' : undefined);

  return (
    <form className={classes.ticketForm} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        Create a ticket for our support team
      </h2>
      <QueryState
        isPending={profile.isPending}
        error={profile.error}
        failed="The ticket form could not be loaded. Please try again later."
      >
        {() => (
          <>
            {create.error ? (
              <Alert color="red" role="alert" title="The ticket was not created">
                {failure(create.error)}
              </Alert>
            ) : null}
            <TextInput
              label="Subject"
              required
              maxLength={TICKET_SUBJECT_MAX}
              value={subject}
              onChange={(event) => setSubject(event.currentTarget.value)}
              error={required(subject)}
            />
            <NativeSelect
              label="Priority"
              description={`First-response targets of your ${profile.data?.tier ?? 'Basic'} support`}
              required
              data={[
                { value: '', label: 'Choose a priority' },
                ...(profile.data?.targets ?? []).map((target) => ({
                  value: target.priority,
                  label: priorityLabel(target),
                })),
              ]}
              value={priority}
              onChange={(event) =>
                setPriority(TICKET_PRIORITIES.find((choice) => choice === event.currentTarget.value) ?? '')
              }
              error={required(priority)}
            />
            <NativeSelect
              label="Type"
              required
              data={[{ value: '', label: 'Choose a type' }, ...config.ticketing.types]}
              value={type}
              onChange={(event) => setType(event.currentTarget.value)}
              error={required(type)}
            />
            <Group>
              <Button type="submit" loading={create.isPending}>
                Create ticket
              </Button>
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
            </Group>
          </>
        )}
      </QueryState>
    </form>
  );
}
