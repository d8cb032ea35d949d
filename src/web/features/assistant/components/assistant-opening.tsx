import { Loader } from '@mantine/core';
import classes from './assistant.module.css';

/** The assistant's first words, the same in the panel and in the frame shown while the chat opens. */
export function assistantGreeting(name: string): string {
  return `Hello, ${name}. Ask me a question: I look for the answer in the knowledge base, the documentation and the community.`;
}

/**
 * What /chatbot shows until the chat is bound to its user (the chat update delay): the assistant panel's own
 * frame, its greeting and the place of its question box and of the conversations' button, so the panel takes
 * the space it will keep instead of a status line the panel pushes the footer away from.
 */
export function AssistantOpening({ name }: { name: string }) {
  return (
    <div className={classes.layout}>
      <div className={classes.historyArea}>
        <div className={classes.historyTogglePlace} />
      </div>
      <section className={classes.panel} aria-label="Chat with the assistant" aria-busy="true">
        <div className={classes.log}>
          <div className={classes.answer}>
            <span className={classes.who}>Assistant</span>
            <p>{assistantGreeting(name)}</p>
          </div>
        </div>
        <div className={`${classes.composer} ${classes.composerPlace}`}>
          <p role="status">
            <Loader size="xs" aria-hidden="true" /> Opening the chat assistant…
          </p>
        </div>
      </section>
    </div>
  );
}
