import type { TicketEventEntry } from '../../../../common/contracts/tickets';
import { DataTable } from '../../../components/data-table';
import { dateTime } from '../lib/formats';
import { ClockText } from '../../../components/clock-text';

const WHAT: Record<TicketEventEntry['kind'], string> = {
  created: 'Opened the ticket',
  replied: 'Replied',
  noted: 'Wrote an internal note',
  attached: 'Attached a file',
  status: 'Changed the status',
  priority: 'Changed the priority',
  assigned: 'Changed the assignee',
};

/** The event history of a ticket (agents): who did what, and for a change, from what to what. */
export function TicketHistory({ history }: { history: TicketEventEntry[] }) {
  if (history.length === 0) return null;
  return (
    <section aria-labelledby="ticket-history">
      <h2 id="ticket-history">History</h2>
      <DataTable caption="Ticket history" columns={['When', 'Who', 'What', 'From', 'To']}>
        {history.map((entry, index) => (
          <tr key={`${entry.createdAt}-${index}`}>
            <td>
              <ClockText text={() => dateTime(entry.createdAt)} />
            </td>
            <td>{entry.actor}</td>
            <td>{WHAT[entry.kind]}</td>
            <td>{entry.from ?? '—'}</td>
            <td>{entry.to ?? '—'}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
