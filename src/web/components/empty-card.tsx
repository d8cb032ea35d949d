import { useId, type ReactNode } from 'react';
import classes from './card.module.css';

/** Says that a list is empty and what to do next: the title names the state, the text the next step. */
export function EmptyCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className={classes.emptyCard} aria-labelledby={titleId}>
      <h2 id={titleId} className={classes.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
