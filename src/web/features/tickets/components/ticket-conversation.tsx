import type { TicketConversationEntry } from '../../../../common/contracts/tickets';
import { AppLink } from '../../../components/app-link';
import { snippetText } from '../../../components/highlighted';
import { dateTime } from '../lib/formats';
import classes from './tickets.module.css';
import { ClockText } from '../../../components/clock-text';

/** What the assistant showed for one question: its answer, the passages with their links, or that it found none. */
function AssistantTurn({ message }: { message: TicketConversationEntry }) {
  if (message.passages.length === 0 && message.text === '') {
    return (
      <p className={classes.description}>The assistant found nothing in the help content that answers it.</p>
    );
  }
  return (
    <>
      {message.text ? <p className={classes.description}>{message.text}</p> : null}
      {message.passages.length > 0 ? (
        <ol aria-label="Passages shown">
          {message.passages.map((passage) => (
            <li key={passage.url}>
              <AppLink href={passage.url}>{passage.title}</AppLink>
              <p className={classes.excerpt}>{snippetText(passage.excerpt)}</p>
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}

/**
 * The assistant's conversation the ticket was opened from, as the customer saw it (stored with the ticket by
 * the server): support reads what was asked and which articles did not help, without asking again.
 */
export function TicketConversation({ conversation }: { conversation: TicketConversationEntry[] | null }) {
  if (!conversation || conversation.length === 0) return null;
  return (
    <section aria-labelledby="ticket-assistant-conversation">
      <h2 id="ticket-assistant-conversation">Conversation with the assistant</h2>
      <ol className={classes.comments}>
        {conversation.map((message, index) => (
          <li key={`${message.createdAt}-${index}`} className={classes.comment}>
            <strong>{message.role === 'user' ? 'Customer asked' : 'Assistant'}</strong>
            {' · '}
            <ClockText text={() => dateTime(message.createdAt)} />
            {message.role === 'user' ? (
              <p className={classes.description}>{message.text}</p>
            ) : (
              <AssistantTurn message={message} />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
