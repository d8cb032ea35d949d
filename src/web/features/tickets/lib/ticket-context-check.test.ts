import { describe, expect, it } from 'vitest';
import { ticketContextSchema, ticketIssueItemSchema } from '../../../../common/contracts/ticket-links';
import { readTicketContext, readTicketIssueItem } from './ticket-context-check';

const issue = {
  key: 'NET-1008',
  summary: 'Tunnel drops after rekey',
  status: 'In Progress',
  url: '/search?q=NET-1008',
};
const context = {
  linked: [issue],
  mentioned: [{ ...issue, key: 'NET-1009', summary: null, status: null }],
  trackerProblem: null,
  otherOpenTickets: [{ id: 12, subject: 'VPN', status: 'open', url: '/tickets/12' }],
};

/** Answers the zod schema refuses: each differs from a valid one in one field. */
const offContract: unknown[] = [
  null,
  [],
  'context',
  { ...context, linked: undefined },
  { ...context, linked: {} },
  { ...context, mentioned: [{ ...issue, key: 7 }] },
  { ...context, linked: [{ ...issue, summary: undefined }] },
  { ...context, linked: [{ ...issue, url: null }] },
  { ...context, trackerProblem: undefined },
  { ...context, trackerProblem: 3 },
  { ...context, otherOpenTickets: [{ id: 1.5, subject: 'a', status: 'open', url: '/tickets/1' }] },
  { ...context, otherOpenTickets: [{ id: '12', subject: 'a', status: 'open', url: '/tickets/12' }] },
  { ...context, otherOpenTickets: [{ id: 2 ** 60, subject: 'a', status: 'open', url: '/tickets/1' }] },
  { ...context, otherOpenTickets: [{ id: 12, subject: 'a', url: '/tickets/12' }] },
];

describe('the ticket context check (the browser’s, without zod)', () => {
  it('reads what the zod schema reads, unknown fields left out as zod leaves them', () => {
    const answers = [
      context,
      { ...context, trackerProblem: 'The tracker did not answer.', extra: true },
      { linked: [], mentioned: [], trackerProblem: null, otherOpenTickets: [] },
      { ...context, linked: [{ ...issue, rank: 1 }] },
    ];
    for (const answer of answers)
      expect(readTicketContext(answer)).toEqual(ticketContextSchema.parse(answer));
  });

  it('refuses every answer the zod schema refuses', () => {
    for (const answer of offContract) {
      expect(ticketContextSchema.safeParse(answer).success).toBe(false);
      expect(() => readTicketContext(answer), JSON.stringify(answer)).toThrow();
    }
  });

  it('reads a linked issue as the zod schema does, and refuses what it refuses', () => {
    expect(readTicketIssueItem({ issue })).toEqual(ticketIssueItemSchema.parse({ issue }));
    for (const answer of [{}, { issue: null }, { issue: { ...issue, status: 1 } }]) {
      expect(ticketIssueItemSchema.safeParse(answer).success).toBe(false);
      expect(() => readTicketIssueItem(answer)).toThrow();
    }
  });
});
