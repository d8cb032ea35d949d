import { Button, Checkbox, Group, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import type { Ticket } from '../../../../common/contracts/tickets';
import { TICKET_STATUSES, type TicketStatus } from '../../../../common/tickets';
import { useAssignees } from '../api/get-assignees';
import { useBulkUpdateTickets } from '../api/bulk-update-tickets';
import classes from './tickets.module.css';

const UNASSIGN = 'none';

/**
 * The queue's bulk actions over the tickets selected on this page: assign them, or change their status, in
 * one request. The server checks every ticket before it changes any.
 */
export function BulkActions({
  rows,
  selected,
  onSelect,
}: {
  rows: readonly Ticket[];
  selected: ReadonlySet<number>;
  onSelect: (selected: ReadonlySet<number>) => void;
}) {
  const assignees = useAssignees();
  const bulk = useBulkUpdateTickets();
  const [assignee, setAssignee] = useState('');
  const [status, setStatus] = useState('');
  const [done, setDone] = useState('');
  const ids = rows.map((ticket) => ticket.id).filter((id) => selected.has(id));
  const allSelected = rows.length > 0 && ids.length === rows.length;
  const none = ids.length === 0;

  const apply = (change: { assigneeId: string | null } | { status: TicketStatus }, what: string) => {
    setDone('');
    bulk.mutate(
      { ids, ...change },
      {
        onSuccess: ({ tickets }) => {
          setDone(`${tickets.length === 1 ? '1 ticket' : `${tickets.length} tickets`} ${what}.`);
          onSelect(new Set());
        },
      },
    );
  };
  const assigneeName =
    assignee === UNASSIGN
      ? 'unassigned'
      : `assigned to ${assignees.data?.assignees.find((person) => person.id === assignee)?.name ?? 'the agent'}`;

  return (
    <section aria-label="Bulk actions" className={classes.bulk}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Checkbox
          className={classes.selectAll}
          label={`Select all on this page (${ids.length} selected)`}
          checked={allSelected}
          indeterminate={!allSelected && !none}
          disabled={rows.length === 0}
          onChange={(event) =>
            onSelect(new Set(event.currentTarget.checked ? rows.map((ticket) => ticket.id) : []))
          }
        />
        <NativeSelect
          size="sm"
          label="Assign to"
          value={assignee}
          onChange={(event) => setAssignee(event.currentTarget.value)}
          data={[
            { value: '', label: 'Choose…' },
            { value: UNASSIGN, label: 'Unassigned' },
            ...(assignees.data?.assignees ?? []).map((person) => ({ value: person.id, label: person.name })),
          ]}
        />
        <Button
          size="sm"
          variant="default"
          disabled={none || assignee === ''}
          loading={bulk.isPending}
          onClick={() => apply({ assigneeId: assignee === UNASSIGN ? null : assignee }, assigneeName)}
        >
          Assign
        </Button>
        <NativeSelect
          size="sm"
          label="Set status"
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value)}
          data={[{ value: '', label: 'Choose…' }, ...TICKET_STATUSES]}
        />
        <Button
          size="sm"
          variant="default"
          disabled={none || status === ''}
          loading={bulk.isPending}
          onClick={() => {
            const next = TICKET_STATUSES.find((value) => value === status);
            if (next) apply({ status: next }, `set to ${next}`);
          }}
        >
          Apply status
        </Button>
      </Group>
      <div role="status" className={classes.bulkResult}>
        {done}
        {bulk.error ? <Text c="red.8">{bulk.error.message}</Text> : null}
      </div>
    </section>
  );
}
