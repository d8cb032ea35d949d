import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { callerOf, patchAs, postAs, type Caller } from '../../support/callers.js';
import { createNoticeAs, noticeBody } from '../../support/notices.js';
import { customerOf, openTicket, ticketPath } from '../../support/tickets.js';
import { useTestApp } from '../../support/use-test-app.js';
import { parseExposition, samplesOf, type Exposition } from './prometheus-text.js';

/**
 * The notice and ticket events of `/metrics`: every change this instance announces is counted by its kind, a
 * small fixed set (never an id), from zero, and a refused write counts nothing.
 */

const t = useTestApp({ seed: false });
let admin: Caller;
let agent: Caller;
let customer: Caller;

async function scrape(): Promise<Exposition> {
  const res = await t.app.inject({ method: 'GET', url: apiPaths.system.metrics });
  expect(res.statusCode, res.body).toBe(200);
  return parseExposition(res.body);
}

const countOf = (exposition: Exposition, family: string, kind: string): number => {
  const samples = samplesOf(exposition, family, { kind });
  expect(samples, `${family}{kind="${kind}"}`).toHaveLength(1);
  return samples[0]?.value ?? Number.NaN;
};

const NOTICES = 'portal_notice_events_total';
const TICKETS = 'portal_ticket_events_total';

beforeAll(async () => {
  admin = await callerOf(t.app, 'admin');
  agent = await callerOf(t.app, 'agent');
  customer = await customerOf(t.app);
});

describe('the notice and ticket event counters', () => {
  it('declares both families as counters, every kind from zero and no other label', async () => {
    const exposition = await scrape();
    expect(exposition.types.get(NOTICES)).toBe('counter');
    expect(exposition.types.get(TICKETS)).toBe('counter');
    const kinds = (family: string) =>
      samplesOf(exposition, family).map((sample) => {
        expect(Object.keys(sample.labels)).toEqual(['kind']);
        expect(sample.value).toBe(0);
        return sample.labels.kind;
      });
    expect(kinds(NOTICES).sort()).toEqual(['created', 'deleted', 'updated']);
    expect(kinds(TICKETS).sort()).toEqual(['attached', 'commented', 'created', 'desk', 'updated']);
  });

  it('counts a notice created, updated and deleted through the API, and nothing for a refused one', async () => {
    const notice = await createNoticeAs(t.app, admin);
    let exposition = await scrape();
    expect(countOf(exposition, NOTICES, 'created')).toBe(1);
    expect(countOf(exposition, NOTICES, 'updated')).toBe(0);

    const update = await postAs(t.app, admin, apiPaths.notices.notice, {
      ...noticeBody({ title: 'Controller maintenance moved' }),
      Notice_ID: notice.Notice_ID,
    });
    expect(update.statusCode, update.body).toBe(200);
    const removal = await postAs(t.app, admin, apiPaths.notices.deleteNotice, {
      Notice_ID: notice.Notice_ID,
    });
    expect(removal.statusCode, removal.body).toBe(200);
    // Refused before anything is stored: an end before the start.
    const refused = await postAs(
      t.app,
      admin,
      apiPaths.notices.notice,
      noticeBody({ startDate: '2030-01-02T00:00:00.000Z', endDate: '2030-01-01T00:00:00.000Z' }),
    );
    expect(refused.statusCode, refused.body).toBe(400);

    exposition = await scrape();
    expect(countOf(exposition, NOTICES, 'created')).toBe(1);
    expect(countOf(exposition, NOTICES, 'updated')).toBe(1);
    expect(countOf(exposition, NOTICES, 'deleted')).toBe(1);
    expect(samplesOf(exposition, NOTICES).some((sample) => sample.labels.kind === notice.Notice_ID)).toBe(
      false,
    );
  });

  it('counts a ticket opened, replied to and changed through the API', async () => {
    const ticket = await openTicket(t.app, customer);
    expect(countOf(await scrape(), TICKETS, 'created')).toBe(1);

    const reply = await postAs(t.app, agent, ticketPath(ticket.id, apiPaths.tickets.comments), {
      body: 'On it.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const note = await postAs(t.app, agent, ticketPath(ticket.id, apiPaths.tickets.comments), {
      body: 'Looks like the tunnel keys.',
      internal: true,
    });
    expect(note.statusCode, note.body).toBe(201);
    const change = await patchAs(t.app, agent, ticketPath(ticket.id), { priority: 'P1' });
    expect(change.statusCode, change.body).toBe(200);
    // Refused (a customer may not write an internal note): no change, no event.
    const refused = await postAs(t.app, customer, ticketPath(ticket.id, apiPaths.tickets.comments), {
      body: 'Secret',
      internal: true,
    });
    expect(refused.statusCode, refused.body).toBe(403);

    const exposition = await scrape();
    expect(countOf(exposition, TICKETS, 'created')).toBe(1);
    expect(countOf(exposition, TICKETS, 'commented')).toBe(2);
    expect(countOf(exposition, TICKETS, 'updated')).toBe(1);
    expect(countOf(exposition, TICKETS, 'desk')).toBe(0);
  });
});
