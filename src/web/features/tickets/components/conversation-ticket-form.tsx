import { Alert, Button, Group } from '@mantine/core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { TICKET_SUBJECT_MAX } from '../../../../common/tickets';
import { AppLink } from '../../../components/app-link';
import { QueryState } from '../../../components/query-state';
import { ApiError, unreachableMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useCreateTicket } from '../api/create-ticket';
import { useRequesterProfile } from '../api/get-requester-profile';
import { TicketFields, type TicketDraft, type TicketField } from './ticket-fields';
import classes from './tickets.module.css';

/** Why the ticket was not created, in the user's words; what they chose stays in the form. */
const failure = (error: unknown) =>
  error instanceof ApiError && error.status === 0
    ? unreachableMessage()
    : error instanceof ApiError && error.status === 429 && error.code
      ? error.code
      : 'Something went wrong on our side. What you chose is kept: please try again.';

/** What a conversation offers a ticket for: the form the assistant's panel shows in its ticket slot. */
export interface ConversationTicketOffer {
  /** The question the ticket is about: its subject to begin with. */
  question: string;
  /** The conversation the server attaches to the ticket; null before the first question. */
  conversationId: string | null;
  onCancel: () => void;
}

/**
 * A ticket opened from a conversation with the assistant: the subject taken from the question, the priority
 * with the first-response target of the customer's tier, the type, and the conversation attached (the server
 * checks it is the user's and stores it with the ticket in the same write). The form takes the focus when it
 * opens, so a keyboard user lands in it.
 */
export function ConversationTicketForm({ question, conversationId, onCancel }: ConversationTicketOffer) {
  const profile = useRequesterProfile();
  const create = useCreateTicket();
  const [draft, setDraft] = useState<TicketDraft>({
    subject: question.slice(0, TICKET_SUBJECT_MAX),
    description: '',
    priority: '',
    type: '',
    release: '',
  });
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

  const { subject, priority, type } = draft;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (subject.trim() === '' || priority === '' || type === '') return;
    create.mutate({
      subject,
      description: `Asked the assistant on the support portal: ${question.trim() || subject}`,
      priority,
      type,
      ...(conversationId ? { conversationId } : {}),
    });
  };
  const errorOf = (field: TicketField) => (tried && draft[field].trim() === '' ? 'Required' : undefined);

  return (
    <form className={classes.conversationForm} onSubmit={submit} noValidate aria-labelledby={headingId}>
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
            <TicketFields
              draft={draft}
              onChange={(field, value) => setDraft((current) => ({ ...current, [field]: value }))}
              errorOf={errorOf}
              profile={profile.data}
              layout="compact"
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
