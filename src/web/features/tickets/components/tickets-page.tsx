import { Badge, Button, Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { Ticket } from '../../../../common/contracts/tickets';
import {
  DUE_STATES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKETS_PAGE_SIZE,
} from '../../../../common/tickets';
import { AppLink } from '../../../components/app-link';
import { ClockText } from '../../../components/clock-text';
import { DataTable } from '../../../components/data-table';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { HydrationSlice } from '../../../lib/hydration-slices';
import { paths } from '../../../lib/paths';
import { useAssignees } from '../api/get-assignees';
import {
  defaultStatus,
  TICKET_FILTER_KEYS,
  ticketViewFrom,
  useTicketOrganisations,
  useTickets,
  type TicketFilters,
} from '../api/get-tickets';
import { CUSTOMER_STATUS_FILTERS, statusLabel } from '../lib/status-labels';
import { useTicketEvents } from '../lib/use-ticket-events';
import { NoTickets } from './no-tickets';
import { StaleNotice } from './stale-notice';
import { BulkActions } from './ticket-bulk-actions';
import { dateTime, groupedNumber } from '../lib/formats';
import { DueBadge } from './due-badge';
import classes from './tickets.module.css';

const DUE_LABELS: Record<(typeof DUE_STATES)[number], string> = {
  overdue: 'Overdue',
  dueSoon: 'Due soon',
  due: 'Due later',
  responded: 'Responded',
  stopped: 'No response due',
};

const ANY = { value: '', label: 'Any' };

const STAFF_STATUS_OPTIONS = [
  { value: 'open-work', label: 'Open work' },
  { value: 'any', label: 'Any' },
  ...TICKET_STATUSES.map((status) => ({ value: status, label: status })),
];
const CUSTOMER_STATUS_OPTIONS = [{ value: 'any', label: 'Any' }, ...CUSTOMER_STATUS_FILTERS];

/**
 * The Ticket Portal's list: My Requests for a customer (their organisation's for an organisation
 * admin), the queue for an agent, awaiting a response first and the soonest due on top. Its filters, order
 * and page live in the address: Back returns to the list as it was, and a shared link shows the same list.
 */
export function TicketsPage({ staff }: { staff: boolean }) {
  useTicketEvents();
  const [params, setParams] = useSearchParams();
  const { filters, page } = ticketViewFrom(params, staff);
  const tickets = useTickets(filters, page);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const now = Date.now();

  /** A new address for the list (a history entry of its own, so Back undoes it); page 1 unless given. */
  const show = (changes: Partial<TicketFilters>, nextPage = 1) => {
    const next = { ...filters, ...changes };
    const search = new URLSearchParams();
    for (const key of TICKET_FILTER_KEYS) {
      const value = next[key];
      const isDefault =
        value === '' ||
        (key === 'status' && value === defaultStatus(staff)) ||
        (key === 'sort' && value === 'due');
      if (!isDefault) search.set(key, value);
    }
    if (nextPage > 1) search.set('page', String(nextPage));
    setSelected(new Set());
    setParams(search);
  };
  const total = tickets.data?.count ?? 0;
  // False past the server's bound (10,000 by default): the list holds more than it counted.
  const exact = tickets.data?.countIsExact ?? true;
  const rows = tickets.data?.tickets ?? [];

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
      {/* The filters, the bulk actions and each row hydrate in tasks of their own: a full queue is too much
          for one (lib/hydration-slices.tsx). */}
      <HydrationSlice>
        <FilterBar staff={staff} filters={filters} onChange={show} />
      </HydrationSlice>
      {staff ? (
        <HydrationSlice>
          <BulkActions rows={rows} selected={selected} onSelect={setSelected} />
        </HydrationSlice>
      ) : null}
      <QueryState
        isPending={tickets.isPending}
        error={tickets.error}
        failed="The tickets could not be loaded. Please try again later."
      >
        {() => {
          const stale = <StaleNotice stale={tickets.data?.stale} what="These are the tickets" />;
          if (rows.length === 0)
            return (
              <>
                {stale}
                <NoTickets
                  staff={staff}
                  filtered={params.toString() !== ''}
                  onClear={() => {
                    setSelected(new Set());
                    setParams(new URLSearchParams());
                  }}
                />
              </>
            );
          return (
            <>
              {stale}
              <p className={classes.count} aria-live="polite">
                {countLabel(total, exact)}
              </p>
              <div className={classes.list}>
                <DataTable
                  caption={staff ? 'Ticket queue' : 'My Requests'}
                  stacked
                  columns={
                    staff
                      ? [
                          'Select',
                          'Ticket',
                          'Status',
                          'Priority',
                          'Requester',
                          'Due',
                          'Assignee',
                          'Last update',
                        ]
                      : ['Ticket', 'Status', 'Priority', 'First response', 'Last update']
                  }
                >
                  {rows.map((ticket) => (
                    <HydrationSlice key={ticket.id}>
                      <TicketRow
                        ticket={ticket}
                        staff={staff}
                        now={now}
                        selected={selected.has(ticket.id)}
                        onSelect={(checked) => {
                          const next = new Set(selected);
                          if (checked) next.add(ticket.id);
                          else next.delete(ticket.id);
                          setSelected(next);
                        }}
                      />
                    </HydrationSlice>
                  ))}
                </DataTable>
              </div>
              <Pager
                total={total}
                pageSize={TICKETS_PAGE_SIZE}
                more={!exact}
                page={page}
                onChange={(next) => show({}, next)}
              />
            </>
          );
        }}
      </QueryState>
    </>
  );
}

/** "3 tickets", or "More than 10,000 tickets" when the count stopped at the server's bound. */
function countLabel(total: number, exact: boolean): string {
  const number = groupedNumber(total);
  if (!exact) return `More than ${number} tickets`;
  return total === 1 ? '1 ticket' : `${number} tickets`;
}

function TicketRow({
  ticket,
  staff,
  now,
  selected,
  onSelect,
}: {
  ticket: Ticket;
  staff: boolean;
  now: number;
  selected: boolean;
  onSelect: (checked: boolean) => void;
}) {
  const lastUpdate = (
    <td data-label="Last update">
      <ClockText text={() => dateTime(ticket.updatedAt)} />
    </td>
  );
  const title = (
    <th scope="row">
      <AppLink href={ticket.url}>{`#${ticket.id} ${ticket.subject}`}</AppLink>
      {ticket.unseenReply ? (
        <Badge ml="xs" size="sm" color="blue.9" variant="filled" tt="none" className={classes.unseen}>
          New reply
        </Badge>
      ) : null}
    </th>
  );
  const status = (
    <td data-label="Status">
      <span className={classes.status} data-status={ticket.status}>
        {statusLabel(ticket.status, staff)}
      </span>
    </td>
  );
  const priority = (
    <td data-label="Priority">
      <span className={classes.priority} data-priority={ticket.priority}>
        {ticket.priority}
      </span>
    </td>
  );
  const due = (
    <td data-label={staff ? 'Due' : 'First response'} className={classes.due}>
      <DueBadge ticket={ticket} now={now} />
    </td>
  );
  if (!staff) {
    return (
      <tr>
        {title}
        {status}
        {priority}
        {due}
        {lastUpdate}
      </tr>
    );
  }
  return (
    <tr data-selected={selected || undefined}>
      <td data-label="Select" className={classes.selectCell}>
        <Checkbox
          aria-label={`Select #${ticket.id} ${ticket.subject}`}
          checked={selected}
          onChange={(event) => onSelect(event.currentTarget.checked)}
        />
      </td>
      {title}
      {status}
      {priority}
      <td data-label="Requester">
        {ticket.requester.name}
        {ticket.organisation ? (
          <span className={classes.organisation}>{`${ticket.organisation} · ${ticket.tier ?? 'Basic'}`}</span>
        ) : null}
      </td>
      {due}
      <td data-label="Assignee">{ticket.assignee?.name ?? 'Unassigned'}</td>
      {lastUpdate}
    </tr>
  );
}

/**
 * One compact row of filters above the list. A select applies at once; the search words apply on Enter or
 * the Search button, so typing sends no request per key.
 */
function FilterBar({
  staff,
  filters,
  onChange,
}: {
  staff: boolean;
  filters: TicketFilters;
  onChange: (changes: Partial<TicketFilters>) => void;
}) {
  const assignees = useAssignees(staff);
  const organisations = useTicketOrganisations(staff);
  // The words being typed; the address keeps the ones searched for (a new address resets the field).
  const [draft, setDraft] = useState({ for: filters.q, text: filters.q });
  const text = draft.for === filters.q ? draft.text : filters.q;
  const search = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    setDraft({ for: q, text: q });
    onChange({ q });
  };
  const select = (key: keyof TicketFilters) => ({
    size: 'sm' as const,
    value: filters[key],
    onChange: (event: { currentTarget: { value: string } }) => onChange({ [key]: event.currentTarget.value }),
  });

  return (
    <form role="search" aria-label={staff ? 'Filter the queue' : 'Filter my requests'} onSubmit={search}>
      <Group className={classes.filters} gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          className={classes.searchField}
          size="sm"
          type="search"
          label={staff ? 'Search the queue' : 'Search my requests'}
          placeholder="Subject, requester or #number"
          value={text}
          onChange={(event) => setDraft({ for: filters.q, text: event.currentTarget.value })}
        />
        <Button type="submit" size="sm" variant="default">
          Search
        </Button>
        <NativeSelect
          label="Status"
          data={staff ? STAFF_STATUS_OPTIONS : CUSTOMER_STATUS_OPTIONS}
          {...select('status')}
        />
        <NativeSelect label="Priority" data={[ANY, ...TICKET_PRIORITIES]} {...select('priority')} />
        <NativeSelect
          label="Due"
          data={[ANY, ...DUE_STATES.map((state) => ({ value: state, label: DUE_LABELS[state] }))]}
          {...select('due')}
        />
        {staff ? (
          <>
            <NativeSelect
              label="Assignee"
              data={[
                ANY,
                { value: 'me', label: 'Me' },
                { value: 'none', label: 'Unassigned' },
                ...(assignees.data?.assignees ?? []).map((person) => ({
                  value: person.id,
                  label: person.name,
                })),
              ]}
              {...select('assignee')}
              className={classes.fetchedOptions}
            />
            <NativeSelect
              label="Organisation"
              data={[ANY, ...(organisations.data?.organisations ?? [])]}
              {...select('organisation')}
              className={classes.fetchedOptions}
            />
          </>
        ) : null}
        <NativeSelect
          label="Sort"
          data={[
            { value: 'due', label: 'Due time' },
            { value: 'updated', label: 'Last update' },
          ]}
          {...select('sort')}
        />
      </Group>
    </form>
  );
}
