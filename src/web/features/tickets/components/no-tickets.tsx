import { Button } from '@mantine/core';
import { AppLink } from '../../../components/app-link';
import { paths } from '../../../lib/paths';
import classes from './tickets.module.css';

type Props = {
  staff: boolean;
  /** The address names a filter, an order or a page: the list may be empty only because of them. */
  filtered: boolean;
  onClear: () => void;
};

/** An empty ticket list says why it is empty and offers the next step. */
export function NoTickets({ staff, filtered, onClear }: Props) {
  if (filtered)
    return (
      <div className={classes.empty}>
        <p>No tickets found: none matches these filters.</p>
        <Button variant="default" onClick={onClear}>
          Clear the filters
        </Button>
      </div>
    );
  if (staff)
    return (
      <div className={classes.empty}>
        <p>No tickets found: no open ticket waits for an agent.</p>
        <AppLink href={`${paths.tickets.getHref()}?status=any`}>Show every ticket, solved ones too</AppLink>
      </div>
    );
  return (
    <div className={classes.empty}>
      <p>No tickets found: you have not opened a ticket yet.</p>
      <p>
        Searching the <AppLink href={paths.docs.getHref()}>Tech Hub</AppLink> often answers a question faster;
        when it does not, create a ticket with the button above.
      </p>
    </div>
  );
}
