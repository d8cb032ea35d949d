import type { DueState } from '../../../../common/tickets';

/** `3 h 20 min`, `45 min`, `2 d 4 h`: how long, as a person says it. */
export function spanText(ms: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

/**
 * The first-response state as the lists and the ticket page say it (due in, due soon, overdue). A
 * ticket solved or closed before anyone answered awaits no response, so it shows no countdown.
 */
export function dueText(
  ticket: { dueState: DueState; firstResponseDueAt: string | null; firstRespondedAt: string | null },
  now: number,
): string {
  if (ticket.dueState === 'responded') return 'Responded';
  if (!ticket.firstResponseDueAt) return 'No due time';
  if (ticket.dueState === 'stopped') return 'No response due';
  const left = Date.parse(ticket.firstResponseDueAt) - now;
  if (ticket.dueState === 'overdue') return `Overdue by ${spanText(left)}`;
  if (ticket.dueState === 'dueSoon') return `Due soon: in ${spanText(left)}`;
  return `Due in ${spanText(left)}`;
}

/**
 * The due time worth showing beside the state: only while the clock runs. A ticket answered, solved or closed
 * has no due time left to meet, so the page never writes "No response due (due …)".
 */
export function runningDueAt(ticket: {
  dueState: DueState;
  firstResponseDueAt: string | null;
}): string | null {
  const running = ticket.dueState === 'due' || ticket.dueState === 'dueSoon' || ticket.dueState === 'overdue';
  return running ? ticket.firstResponseDueAt : null;
}
