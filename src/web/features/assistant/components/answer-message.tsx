import { Button, Loader } from '@mantine/core';
import { useId } from 'react';
import type { ConversationMessage } from '../../../../common/contracts/assistant';
import { SOURCE_LABELS } from '../../../../common/search-sources';
import { AppLink } from '../../../components/app-link';
import { Highlighted } from '../../../components/highlighted';
import { NOT_FOUND_ANSWER } from '../lib/answer-text';
import { AnswerText } from './answer-text';
import classes from './assistant.module.css';

export type Feedback = 'yes' | 'no';

interface AnswerMessageProps {
  message: ConversationMessage;
  feedback: Feedback | undefined;
  onFeedback: (feedback: Feedback) => void;
  /** The user wants a ticket about this answer's question. */
  onOfferTicket: () => void;
  /** The answer is still arriving: no feedback question yet. */
  writing?: boolean;
}

/** 'Did this answer your question?': 'No' leads to a ticket, as the not-found answer does. */
function FeedbackQuestion({ feedback, onFeedback }: Pick<AnswerMessageProps, 'feedback' | 'onFeedback'>) {
  const labelId = useId();
  if (feedback === 'yes') return <p>Glad it helped.</p>;
  if (feedback === 'no')
    return <p>Sorry it did not. Our support team can help: see the ticket form below.</p>;
  return (
    <div className={classes.feedback} role="group" aria-labelledby={labelId}>
      <p id={labelId}>Did this answer your question?</p>
      <Button size="compact-sm" variant="light" onClick={() => onFeedback('yes')}>
        Yes
      </Button>
      <Button size="compact-sm" variant="light" onClick={() => onFeedback('no')}>
        No
      </Button>
    </div>
  );
}

/**
 * One answer: the text the server's model wrote from the passages, when it has one (its citations link to
 * them), the best passages with their source, title (a link into the section), and highlighted excerpt, then
 * the feedback question; or, when the assistant is not confident, plainly that it found nothing, with
 * the way to a ticket (weak passages are never shown).
 */
export function AnswerMessage({ message, feedback, onFeedback, onOfferTicket, writing }: AnswerMessageProps) {
  const found = message.confident === true && message.passages.length > 0;
  return (
    <div className={classes.answer}>
      <span className={classes.who}>Assistant</span>
      {!found ? (
        <>
          <p>{NOT_FOUND_ANSWER}</p>
          <p>Our support team can look into it.</p>
          <div>
            <Button size="compact-sm" variant="light" onClick={onOfferTicket}>
              Create a ticket
            </Button>
          </div>
        </>
      ) : (
        <>
          {message.text ? <AnswerText text={message.text} passages={message.passages} /> : null}
          {writing ? (
            <p role="status">
              <Loader size="xs" aria-hidden="true" /> Writing an answer from these passages…
            </p>
          ) : null}
          <p>
            {message.text
              ? 'Written from these passages of the help content:'
              : 'These passages of the help content may answer it:'}
          </p>
          <ol className={classes.passages} aria-label="Passages">
            {message.passages.map((passage) => (
              <li key={passage.url}>
                <span className={classes.who}>{SOURCE_LABELS[passage.source]}</span>
                <AppLink className={classes.passageTitle} href={passage.url}>
                  {passage.title}
                </AppLink>
                <Highlighted className={classes.excerpt} html={passage.excerpt} />
              </li>
            ))}
          </ol>
          {writing ? null : <FeedbackQuestion feedback={feedback} onFeedback={onFeedback} />}
        </>
      )}
    </div>
  );
}
