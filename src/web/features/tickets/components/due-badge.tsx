import { Badge } from '@mantine/core';
import type { Ticket } from '../../../../common/contracts/tickets';
import { dueText } from '../lib/due-text';
import { ClockText } from '../../../components/clock-text';

const COLORS = {
  overdue: 'red',
  dueSoon: 'orange',
  due: 'blue',
  responded: 'green',
  stopped: 'gray',
} as const;

/**
 * The first-response state of a ticket, in words (colour only repeats them): the dot variant keeps the words
 * in the body's ink, readable on any row, where the light variant's tinted text falls below 4.5:1.
 */
export function DueBadge({ ticket, now }: { ticket: Ticket; now: number }) {
  return (
    <Badge color={COLORS[ticket.dueState]} variant="dot" tt="none">
      <ClockText text={() => dueText(ticket, now)} />
    </Badge>
  );
}
