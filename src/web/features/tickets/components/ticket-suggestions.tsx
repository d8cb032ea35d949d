import { useId } from 'react';
import type { DeflectionSuggestion } from '../../../../common/contracts/deflection';
import { SOURCE_LABELS } from '../../../../common/search-sources';
import classes from './ticket-suggestions.module.css';

interface TicketSuggestionsListProps {
  items: DeflectionSuggestion[];
  onOpen: (item: DeflectionSuggestion) => void;
  /** The heading's level where the list sits: 2 on Ticket Creation, 3 in the assistant's ticket form. */
  level: 2 | 3;
}

/**
 * The articles that may answer the ticket being written, beside it: each opens in a new tab, so the draft stays
 * as it is. Plain links, so the keyboard reaches them with Tab like any other; a polite status says how many
 * there are as they change, for a screen reader typing in the subject.
 */
export function TicketSuggestionsList({ items, onOpen, level }: TicketSuggestionsListProps) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const count = items.length;
  return (
    <div className={classes.panel} data-empty={count === 0}>
      <p role="status" className={classes.status}>
        {count === 0
          ? ''
          : `${count} ${count === 1 ? 'article' : 'articles'} may answer your question, listed under "Articles that may help".`}
      </p>
      {count > 0 ? (
        <section aria-labelledby={headingId}>
          <Heading id={headingId} className={classes.heading}>
            Articles that may help
          </Heading>
          <p className={classes.hint}>Each opens in a new tab; what you wrote here stays.</p>
          <ul className={classes.list}>
            {items.map((item) => (
              <li key={item.url}>
                <a
                  href={item.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={classes.link}
                  onClick={() => onOpen(item)}
                  onAuxClick={(event) => {
                    if (event.button === 1) onOpen(item);
                  }}
                >
                  <span className={classes.title}>{item.title}</span>
                  <span className={classes.source}>
                    {SOURCE_LABELS[item.source]}
                    <span className={classes.status}> (opens in a new tab)</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
