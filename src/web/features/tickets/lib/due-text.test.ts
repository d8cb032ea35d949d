import { describe, expect, it } from 'vitest';
import { dueText, runningDueAt, spanText } from './due-text';

const now = Date.parse('2026-11-25T10:00:00Z');
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

describe('due text', () => {
  it.each([
    [45 * 60_000, '45 min'],
    [200 * 60_000, '3 h 20 min'],
    [120 * 60_000, '2 h'],
    [(2 * 1440 + 4 * 60) * 60_000, '2 d 4 h'],
    [10_000, '1 min'],
  ])('%d ms reads %s', (ms, text) => expect(spanText(ms)).toBe(text));

  it('says due in, due soon, overdue, responded, and no response due once solved or closed unanswered', () => {
    expect(dueText({ dueState: 'due', firstResponseDueAt: at(200), firstRespondedAt: null }, now)).toBe(
      'Due in 3 h 20 min',
    );
    expect(dueText({ dueState: 'dueSoon', firstResponseDueAt: at(30), firstRespondedAt: null }, now)).toBe(
      'Due soon: in 30 min',
    );
    expect(dueText({ dueState: 'overdue', firstResponseDueAt: at(-90), firstRespondedAt: null }, now)).toBe(
      'Overdue by 1 h 30 min',
    );
    expect(dueText({ dueState: 'responded', firstResponseDueAt: at(10), firstRespondedAt: at(5) }, now)).toBe(
      'Responded',
    );
    // Solved long after its due time, unanswered: no "Overdue by", the clock no longer runs.
    expect(dueText({ dueState: 'stopped', firstResponseDueAt: at(-900), firstRespondedAt: null }, now)).toBe(
      'No response due',
    );
    expect(dueText({ dueState: 'stopped', firstResponseDueAt: null, firstRespondedAt: null }, now)).toBe(
      'No due time',
    );
  });

  it('shows a due time only while the clock runs, never beside "No response due" or "Responded"', () => {
    const due = at(200);
    expect(runningDueAt({ dueState: 'due', firstResponseDueAt: due })).toBe(due);
    expect(runningDueAt({ dueState: 'overdue', firstResponseDueAt: due })).toBe(due);
    expect(runningDueAt({ dueState: 'stopped', firstResponseDueAt: due })).toBeNull();
    expect(runningDueAt({ dueState: 'responded', firstResponseDueAt: due })).toBeNull();
  });
});
