import { VisuallyHidden } from '@mantine/core';
import type { AssistantPassage } from '../../../../common/contracts/assistant';
import { AppLink } from '../../../components/app-link';
import classes from './assistant.module.css';

/** A citation in a written answer: `[n]`, the n-th passage shown. */
const CITATION = /(\[\d+\])/;

/**
 * An answer the model wrote from the passages (server: services/assistant/write-answer.ts), as text: each
 * citation `[n]` becomes a link to the n-th passage, named by its title for a screen reader. Nothing in the
 * text is read as markup.
 */
export function AnswerText({ text, passages }: { text: string; passages: readonly AssistantPassage[] }) {
  return (
    <p className={classes.written}>
      {text.split(CITATION).map((part, index) => {
        const passage = CITATION.test(part) ? passages[Number(part.slice(1, -1)) - 1] : undefined;
        if (!passage) return part;
        return (
          // The parts never move, so their place is their key.
          <AppLink key={index} className={classes.citation} href={passage.url}>
            {part}
            <VisuallyHidden>{` ${passage.title}`}</VisuallyHidden>
          </AppLink>
        );
      })}
    </p>
  );
}
