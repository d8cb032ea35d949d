import { Button, Group, NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { TICKETS_PAGE_SIZE } from '../../../../common/tickets';
import { DUE_STATES, TICKET_PRIORITIES, TICKET_STATUSES } from '../../../../common/tickets';
import { AppLink } from '../../../components/app-link';
import { DataTable } from '../../../components/data-table';
import { paths } from '../../../lib/paths';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { FIRST_TICKET_FILTERS, useTickets, type TicketFilters } from '../api/get-tickets';
import { DueBadge, dateTime } from './due-badge';
import { useTicketEvents } from '../lib/use-ticket-events';
import classes from './tickets.module.css';
import { ClockText } from '../../../components/clock-text';

const DUE_LABELS: Record<(typeof DUE_STATES)[number], string> = {
  overdue: 'Overdue',
  dueSoon: 'Due soon',
  due: 'Due later',
  responded: 'Responded',
  stopped: 'No response due',
};

const ANY = { value: '', label: 'Any' };

/**
 * The Ticket Portal's list: My Requests for a customer (their organisation's for an organisation
 * admin), the queue for an agent, awaiting a response first and the soonest due on top.
 */
export function TicketsPage({ staff }: { staff: boolean }) {
  useTicketEvents();
  const [filters, setFilters] = useState<TicketFilters>(FIRST_TICKET_FILTERS);
  const [page, setPage] = useState(1);
  const tickets = useTickets(filters, page);
  const now = Date.now();
  const set = (key: keyof TicketFilters, value: string) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  const total = tickets.data?.count ?? 0;

  return (
    <>
      {staff ? null : (
        <p>
          {/* Through the router: the same page view goes on (a dismissed announcement stays dismissed). */}
          <Button component={AppLink} href={paths.newTicket.getHref()}>
            Create a ticket
          </Button>
        </p>
      )}
      <Group
        className={classes.filters}
        gap="sm"
        align="flex-end"
        wrap="wrap"
        role="group"
        aria-label="Filter tickets"
      >
        <NativeSelect
          label="Status"
          data={[ANY, ...TICKET_STATUSES]}
          value={filters.status}
          onChange={(e) => set('status', e.currentTarget.value)}
        />
        <NativeSelect
          label="Priority"
          data={[ANY, ...TICKET_PRIORITIES]}
          value={filters.priority}
          onChange={(e) => set('priority', e.currentTarget.value)}
        />
        <NativeSelect
          label="Due"
          data={[ANY, ...DUE_STATES.map((state) => ({ value: state, label: DUE_LABELS[state] }))]}
          value={filters.due}
          onChange={(e) => set('due', e.currentTarget.value)}
        />
        {staff ? (
          <NativeSelect
            label="Assignee"
            data={[ANY, { value: 'me', label: 'Me' }, { value: 'none', label: 'Unassigned' }]}
            value={filters.assignee}
            onChange={(e) => set('assignee', e.currentTarget.value)}
          />
        ) : null}
        <NativeSelect
          label="Sort"
          data={[
            { value: 'due', label: 'Due time (overdue first)' },
            { value: 'updated', label: 'Last update' },
          ]}
          value={filters.sort}
          onChange={(e) => set('sort', e.currentTarget.value)}
        />
      </Group>
      <QueryState
        isPending={tickets.isPending}
        error={tickets.error}
        failed="The tickets could not be loaded. Please try again later."
      >
        {() => {
          const rows = tickets.data?.tickets ?? [];
          if (rows.length === 0) return <p>No tickets found.</p>;
          return (
            <>
              <DataTable
                caption={staff ? 'Ticket queue' : 'My Requests'}
                stacked
                columns={[
                  'Ticket',
                  'Status',
                  'Priority',
                  'First response',
                  'Last update',
                  ...(staff ? ['Requester', 'Assignee'] : []),
                ]}
              >
                {rows.map((ticket) => (
                  <tr key={ticket.id}>
                    <th scope="row">
                      <AppLink href={ticket.url}>{`#${ticket.id} ${ticket.subject}`}</AppLink>
                    </th>
                    <td data-label="Status">{ticket.status}</td>
                    <td data-label="Priority">{ticket.priority}</td>
                    <td data-label="First response">
                      <DueBadge ticket={ticket} now={now} />
                    </td>
                    <td data-label="Last update">
                      <ClockText text={() => dateTime(ticket.updatedAt)} />
                    </td>
                    {staff ? (
                      <>
                        <td data-label="Requester">
                          {ticket.requester.name}
                          {ticket.organisation ? ` (${ticket.organisation}, ${ticket.tier ?? 'Basic'})` : ''}
                        </td>
                        <td data-label="Assignee">{ticket.assignee?.name ?? 'Unassigned'}</td>
                      </>
                    ) : null}
                  </tr>
                ))}
              </DataTable>
              <Pager total={total} pageSize={TICKETS_PAGE_SIZE} page={page} onChange={setPage} />
            </>
          );
        }}
      </QueryState>
    </>
  );
}
