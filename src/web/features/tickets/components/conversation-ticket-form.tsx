import { Alert, Button, Group, Textarea } from '@mantine/core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { TICKET_SUBJECT_MAX, TICKET_TEXT_MAX } from '../../../../common/tickets';
import { QueryState } from '../../../components/query-state';
import { ApiError, unreachableMessage } from '../../../lib/api-client';
import { useCreateTicket } from '../api/create-ticket';
import { useRequesterProfile } from '../api/get-requester-profile';
import { useTicketSuggestions } from '../lib/use-ticket-suggestions';
import { TicketFields, type TicketDraft, type TicketField } from './ticket-fields';
import { TicketSuggestionsList } from './ticket-suggestions';
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
  /** The question the ticket was offered for: its description to begin with, when it is not the first. */
  question: string;
  /** The conversation's first question: what the customer came with, the ticket's subject to begin with. */
  firstQuestion: string;
  /** The conversation the server attaches to the ticket; null before the first question. */
  conversationId: string | null;
  onCancel: () => void;
}

/**
 * A ticket opened from a conversation with the assistant: the subject taken from the conversation's first
 * question (what the customer came with, not the last thing they typed), a description (the question the ticket
 * was offered for, when it is another), the priority with the first-response target of the customer's tier, the
 * type, the help articles that may answer it, and the conversation attached (the server checks it is the
 * user's and stores it with the ticket in the same write). The form takes the focus when it opens, so a
 * keyboard user lands in it; once created, the customer lands on the ticket.
 */
export function ConversationTicketForm({
  question,
  firstQuestion,
  conversationId,
  onCancel,
}: ConversationTicketOffer) {
  const profile = useRequesterProfile();
  const create = useCreateTicket();
  const navigate = useNavigate();
  const subjectFrom = firstQuestion.trim() || question.trim();
  const [draft, setDraft] = useState<TicketDraft>({
    subject: subjectFrom.slice(0, TICKET_SUBJECT_MAX),
    description: question.trim() === subjectFrom ? '' : question.trim().slice(0, TICKET_TEXT_MAX),
    priority: '',
    type: '',
    release: '',
  });
  const [tried, setTried] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const suggestions = useTicketSuggestions('assistant', draft);

  useEffect(() => heading.current?.focus(), []);

  const { subject, description, priority, type } = draft;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (subject.trim() === '' || description.trim() === '' || priority === '' || type === '') return;
    void suggestions.flush().then(() =>
      create.mutate(
        {
          subject,
          description,
          priority,
          type,
          ...(conversationId ? { conversationId } : {}),
          deflectionId: suggestions.formId,
        },
        { onSuccess: ({ ticket }) => void navigate(ticket.url) },
      ),
    );
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
            <Textarea
              label="Description"
              description="What happened, what you expected, and what you tried."
              required
              autosize
              minRows={3}
              maxLength={TICKET_TEXT_MAX}
              value={description}
              onChange={(event) => {
                const { value } = event.currentTarget;
                setDraft((current) => ({ ...current, description: value }));
              }}
              error={errorOf('description')}
            />
            <TicketSuggestionsList items={suggestions.items} onOpen={suggestions.opened} level={3} />
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
