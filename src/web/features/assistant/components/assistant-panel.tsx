import { Alert, Button, Loader, Textarea } from '@mantine/core';
import {
  Fragment,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { ASSISTANT_TEXT_MAX, type ConversationMessage } from '../../../../common/contracts/assistant';
import { QueryState } from '../../../components/query-state';
import { ApiError, unreachableMessage } from '../../../lib/api-client';
import { useAskAssistant, type AnswerSoFar } from '../api/ask-assistant';
import { useConversation } from '../api/get-conversation';
import { questionBefore } from '../lib/conversation-cache';
import type { ChatBinding } from '../lib/use-chat-binding';
import { AnswerMessage, type Feedback } from './answer-message';
import { ConversationList } from './conversation-list';
import { assistantGreeting } from './assistant-opening';
import classes from './assistant.module.css';

/** Typed instead of a question, it asks for a person: the panel offers a ticket rather than searching. */
const TALK_TO_SUPPORT =
  /^\s*(i want to |can i |let me )?(talk|speak) to (support|an? (agent|human|person))\W*$/i;

/** The answer as far as it has arrived, shown as a message of the conversation until it is complete. */
const answerBeingWritten = (soFar: AnswerSoFar): ConversationMessage => ({
  id: 0,
  role: 'assistant',
  text: soFar.text,
  passages: soFar.passages,
  confident: true,
  createdAt: '',
});

function askFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) {
    return unreachableMessage('Your question is still in the box: check your connection and send it again.');
  }
  if (error instanceof ApiError && error.status === 429) {
    return 'You have asked many questions in a short time. Your question is still in the box: send it again in a minute.';
  }
  return 'Your question could not be answered just now. It is still in the box: please send it again.';
}

/** A ticket the panel offers: for which question, from which conversation, and how to withdraw the offer. */
export interface TicketOffer {
  /** The question the ticket is offered for. */
  question: string;
  /** The conversation's first question: what the customer came with, the ticket's subject to begin with. */
  firstQuestion: string;
  /** The conversation to attach; null before the first question. */
  conversationId: string | null;
  onCancel: () => void;
}

/**
 * The built-in assistant of /chatbot: the conversation (a log that screen readers follow politely), the
 * question box (Enter sends, Shift+Enter starts a new line), the ticket offer, and the list of the user's
 * conversations. `initialQuestion` (`/chatbot?q=`, a search that found nothing) starts in the box, unsent: the
 * user reads it and sends it. The ticket form is the page's to give (`ticketForm`): tickets are a feature of
 * their own.
 */
export function AssistantPanel({
  user,
  initialQuestion = '',
  ticketForm,
}: {
  user: ChatBinding;
  initialQuestion?: string;
  ticketForm: (offer: TicketOffer) => ReactNode;
}) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const conversation = useConversation(activeId);
  const ask = useAskAssistant();
  const [text, setText] = useState(initialQuestion.slice(0, ASSISTANT_TEXT_MAX));
  const [feedback, setFeedback] = useState<Record<number, Feedback>>({});
  /** The question a ticket is offered for; null while no ticket is offered. */
  const [ticketFor, setTicketFor] = useState<string | null>(null);
  const messages = conversation.data?.conversation.messages ?? [];
  const logRef = useRef<HTMLDivElement>(null);
  const questionsShown =
    messages.filter((message) => message.role === 'user').length + (ask.isPending ? 1 : 0);

  // The view follows the conversation: each new question (sent, or of a conversation opened) is brought to the
  // top of the screen, so its answer arrives right below it, in view, above the docked question box. Only when
  // a question is added: a reader scrolling back through a streaming answer is not pulled away.
  useEffect(() => {
    if (questionsShown === 0) return;
    const questions = logRef.current?.querySelectorAll<HTMLElement>('[data-question]');
    questions?.[questions.length - 1]?.scrollIntoView({ block: 'start' });
  }, [questionsShown]);

  const open = (id: string | null) => {
    setActiveId(id);
    setTicketFor(null);
    ask.reset();
  };

  const send = () => {
    const question = text.trim();
    if (question === '' || ask.isPending) return;
    if (TALK_TO_SUPPORT.test(question)) {
      setText('');
      setTicketFor(questionBefore(messages, messages.length));
      return;
    }
    ask.mutate(
      { text: question, ...(activeId ? { conversationId: activeId } : {}) },
      {
        onSuccess: (answer) => {
          setActiveId(answer.conversationId);
          setText('');
        },
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line, and Enter that confirms an input method's composition is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <div className={classes.layout}>
      <ConversationList activeId={activeId} onChoose={open} onNew={() => open(null)} />
      <section className={classes.panel} aria-label="Chat with the assistant">
        <div ref={logRef} className={classes.log} role="log" aria-live="polite" aria-label="Messages">
          <div className={classes.answer}>
            <span className={classes.who}>Assistant</span>
            <p>{assistantGreeting(user.name)}</p>
          </div>
          {activeId ? (
            <QueryState
              isPending={conversation.isPending}
              error={conversation.error}
              failed="This conversation could not be loaded. Please try again later."
              notFound="This conversation is no longer kept."
            >
              {() => null}
            </QueryState>
          ) : null}
          {messages.length > 0 ? (
            <ol className={classes.messages}>
              {messages.map((message, index) => (
                <li key={message.id} className={classes.message}>
                  {message.role === 'user' ? (
                    <p className={`${classes.question} ${classes.turn}`} data-question>
                      <span className={classes.who}>You</span>
                      {message.text}
                    </p>
                  ) : (
                    <AnswerMessage
                      message={message}
                      feedback={feedback[message.id]}
                      onFeedback={(given) => {
                        setFeedback((current) => ({ ...current, [message.id]: given }));
                        if (given === 'no') setTicketFor(questionBefore(messages, index));
                      }}
                      onOfferTicket={() => setTicketFor(questionBefore(messages, index))}
                    />
                  )}
                </li>
              ))}
            </ol>
          ) : null}
          {ask.isPending ? (
            <>
              <p className={`${classes.question} ${classes.turn}`} data-question>
                <span className={classes.who}>You</span>
                {ask.variables.text}
              </p>
              {ask.soFar && ask.soFar.passages.length > 0 ? (
                <AnswerMessage
                  message={answerBeingWritten(ask.soFar)}
                  feedback={undefined}
                  onFeedback={() => undefined}
                  onOfferTicket={() => undefined}
                  writing
                />
              ) : (
                <p role="status">
                  <Loader size="xs" aria-hidden="true" /> Looking through the help content…
                </p>
              )}
            </>
          ) : null}
        </div>
        {ticketFor !== null ? (
          // Keyed by the question: a ticket offered for another question starts a fresh form.
          <Fragment key={ticketFor}>
            {ticketForm({
              question: ticketFor,
              firstQuestion: messages.find((message) => message.role === 'user')?.text ?? ticketFor,
              conversationId: activeId && messages.length > 0 ? activeId : null,
              onCancel: () => setTicketFor(null),
            })}
          </Fragment>
        ) : null}
        {ask.error ? (
          <Alert color="red" role="alert" title="Not sent">
            {askFailure(ask.error)}
          </Alert>
        ) : null}
        <form className={classes.composer} onSubmit={submit} aria-label="Your question">
          <Textarea
            label="Ask a question"
            description="Enter sends; Shift+Enter starts a new line. Type 'talk to support' for a ticket."
            autosize
            minRows={2}
            maxRows={8}
            maxLength={ASSISTANT_TEXT_MAX}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={onKeyDown}
          />
          <div>
            <Button type="submit" loading={ask.isPending}>
              Send
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}
