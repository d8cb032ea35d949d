import { AppLink } from '../../../components/app-link';
import { LockIcon } from '../../../components/lock-icon';
import type { ResultItem } from '../lib/results';
import { Highlighted } from '../../../components/highlighted';
import { formatDate } from '../../../lib/format-date';
import classes from './search-page.module.css';

interface ResultListProps {
  items: ResultItem[];
  label: string;
  /** The rank of the first item (11 on page 2): what a click report says. */
  firstRank: number;
  /** A result's link was followed. */
  onOpen?: (item: ResultItem, rank: number) => void;
}

/** One page of results of one source. */
export function ResultList({ items, label, firstRank, onOpen }: ResultListProps) {
  return (
    <ul className={classes.list} aria-label={label}>
      {items.map((item, index) => (
        <li key={item.id} className={classes.item}>
          <h3 className={classes.itemTitle}>
            {item.locked ? <LockIcon className={classes.lock} size={16} /> : null}
            {item.href ? (
              <AppLink href={item.href} onClick={() => onOpen?.(item, firstRank + index)}>
                {item.title}
              </AppLink>
            ) : (
              <span>{item.title}</span>
            )}
          </h3>
          {item.status ? <p className={classes.status}>Status: {item.status}</p> : null}
          {item.section || item.date ? (
            <p className={classes.status}>
              {[item.section, item.date ? `${item.date.label} ${formatDate(item.date.iso)}` : undefined]
                .filter(Boolean)
                .join(' · ')}
            </p>
          ) : null}
          <Highlighted className={classes.snippet} html={item.snippet} />
        </li>
      ))}
    </ul>
  );
}
