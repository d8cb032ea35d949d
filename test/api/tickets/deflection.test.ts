import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { searchAnalyticsSchema, type SearchAnalytics } from '../../../src/common/contracts/search.js';
import type { DeflectionEvent } from '../../../src/common/contracts/deflection.js';
import type { App } from '../../../src/server/app.js';
import { ticketDeflection } from '../../../src/server/services/tickets/deflection.js';
import { callerOf, getAs, postAs, refusal, type Caller } from '../../support/callers.js';
import { customerOf, openTicket } from '../../support/tickets.js';
import { useMailTestApp, useTestApp } from '../../support/use-test-app.js';

/**
 * Deflection: a ticket form reports the articles it suggested and the one opened; the ticket created from it
 * keeps them; the admin's search analytics count the forms abandoned after an opened article.
 */

const ARTICLE = {
  source: 'zendesk',
  title: 'Resetting a gateway tunnel',
  url: '/kb/articles/tunnel-reset',
} as const;
const OTHER = { source: 'git', title: 'Tunnel settings', url: 'https://docs.example.com/tunnels' } as const;

const report = (app: App, caller: Caller, event: DeflectionEvent) =>
  postAs(app, caller, apiPaths.tickets.deflection, event);

async function deflectionOf(app: App, admin: Caller): Promise<SearchAnalytics['deflection']> {
  const res = await getAs(app, admin, apiPaths.admin.searchAnalytics);
  expect(res.statusCode, res.body).toBe(200);
  return searchAnalyticsSchema.parse(res.json()).deflection;
}

describe('the deflection of ticket forms', () => {
  const t = useMailTestApp({ seed: false });
  let admin: Caller;

  beforeAll(async () => {
    admin = await callerOf(t.app, 'admin');
  });

  it('counts a form abandoned after an opened article, and not one that became a ticket', async () => {
    const before = await deflectionOf(t.app, admin);
    const customer = await customerOf(t.app);

    // A form that shows two articles, the customer opens one and leaves without a ticket.
    const abandoned = randomUUID();
    for (const event of [
      { formId: abandoned, surface: 'page', event: 'shown', suggestions: [ARTICLE, OTHER] },
      { formId: abandoned, surface: 'page', event: 'opened', suggestion: ARTICLE },
    ] satisfies DeflectionEvent[]) {
      const res = await report(t.app, customer, event);
      expect(res.statusCode, res.body).toBe(204);
    }
    // A form that shows an article, opens it, and still becomes a ticket.
    const sent = randomUUID();
    await report(t.app, customer, { formId: sent, surface: 'assistant', event: 'opened', suggestion: OTHER });
    const ticket = await openTicket(t.app, customer, { deflectionId: sent });
    // A form whose articles were only shown, and abandoned: not deflected by an article.
    await report(t.app, customer, {
      formId: randomUUID(),
      surface: 'page',
      event: 'shown',
      suggestions: [OTHER],
    });

    const after = await deflectionOf(t.app, admin);
    expect(after.formsWithSuggestions - before.formsWithSuggestions).toBe(3);
    expect(after.formsWithOpened - before.formsWithOpened).toBe(2);
    expect(after.abandonedAfterOpened - before.abandonedAfterOpened).toBe(1);
    expect(after.ticketsCreated - before.ticketsCreated).toBe(1);
    expect(after.rate).toBeCloseTo(after.abandonedAfterOpened / after.formsWithSuggestions);
    expect(after.topOpened).toEqual(
      expect.arrayContaining([expect.objectContaining({ url: ARTICLE.url, title: ARTICLE.title })]),
    );

    // The ticket keeps what its form showed and that the customer opened it.
    const kept = await ticketDeflection(t.app.db, ticket.id);
    expect(kept).toEqual([expect.objectContaining({ url: OTHER.url, openedAt: expect.any(Date) })]);
  });

  it('mails the requester that the request was received: number, first-response target and link', async () => {
    const customer = await customerOf(t.app, { tier: 'Enterprise', timeZone: 'Europe/Berlin' });
    const ticket = await openTicket(t.app, customer, { priority: 'P2', subject: 'Received mail check' });
    const mail = await t.sink.waitForMail(customer.email);
    expect(mail.raw).toMatch(new RegExp(`^Subject: .*#${ticket.id}\\] We received your request`, 'm'));
    expect(mail.body).toContain(`We received your request #${ticket.id}: Received mail check`);
    expect(mail.body).toMatch(
      /A first response is due by \w{3} \d+ \w{3} \d{4}, \d{2}:\d{2} GMT\+1 \(Europe\/Berlin\)/,
    );
    expect(mail.body).toContain(`/tickets/${ticket.id}`);
  });

  it("refuses another user's form, a report of more than five articles, and a cross-origin report", async () => {
    const owner = await customerOf(t.app);
    const other = await customerOf(t.app);
    const formId = randomUUID();
    expect(
      (await report(t.app, owner, { formId, surface: 'page', event: 'shown', suggestions: [ARTICLE] }))
        .statusCode,
    ).toBe(204);
    expect(
      refusal(
        await report(t.app, other, { formId, surface: 'page', event: 'opened', suggestion: ARTICLE }),
        409,
      ),
    ).toMatch(/another form/);
    // Someone else's ticket cannot take the owner's form either.
    const foreign = await openTicket(t.app, other, { deflectionId: formId });
    expect(await ticketDeflection(t.app.db, foreign.id)).toEqual([]);

    const six = Array.from({ length: 6 }, (_, index) => ({ ...ARTICLE, url: `/kb/articles/a-${index}` }));
    expect(
      refusal(
        await postAs(t.app, owner, apiPaths.tickets.deflection, {
          formId,
          surface: 'page',
          event: 'shown',
          suggestions: six,
        }),
        400,
      ),
    ).toMatch(/suggestions/);
    refusal(
      await postAs(t.app, owner, apiPaths.tickets.deflection, {
        formId: 'nope',
        surface: 'page',
        event: 'shown',
        suggestions: [ARTICLE],
      }),
      400,
    );
    refusal(
      await postAs(t.app, owner, apiPaths.tickets.deflection, {
        formId,
        surface: 'page',
        event: 'shown',
        suggestions: [{ ...ARTICLE, title: 'a\u0000b' }],
      }),
      400,
    );

    for (const url of ['javascript:alert(1)', '//evil.example/x', 'data:text/html,hi']) {
      expect(
        refusal(
          await report(t.app, owner, {
            formId,
            surface: 'page',
            event: 'opened',
            suggestion: { ...ARTICLE, url },
          }),
          400,
        ),
      ).toMatch(/http\(s\) address/);
    }

    const crossSite = await t.app.inject({
      method: 'POST',
      url: apiPaths.tickets.deflection,
      headers: { ...owner.headers, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ formId, surface: 'page', event: 'opened', suggestion: ARTICLE }),
    });
    refusal(crossSite, 403);
    expect(await ticketDeflection(t.app.db, foreign.id)).toEqual([]);
  });

  it('is for those who may open tickets: signed out 401, an agent 403', async () => {
    const agent = await callerOf(t.app, 'agent');
    const event = { formId: randomUUID(), surface: 'page', event: 'shown', suggestions: [ARTICLE] };
    refusal(
      await postAs(t.app, { id: 'x', email: '', name: '', headers: {} }, apiPaths.tickets.deflection, event),
      401,
    );
    refusal(await postAs(t.app, agent, apiPaths.tickets.deflection, event), 403);
  });
});

describe('the rate limit of deflection reports', () => {
  const t = useTestApp({ seed: false, env: { RATE_LIMIT_DEFLECTION_PER_MINUTE: '2' } });

  it('the third report a minute is a 429 with Retry-After', async () => {
    const customer = await customerOf(t.app);
    const formId = randomUUID();
    const statuses: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const res = await report(t.app, customer, {
        formId,
        surface: 'page',
        event: 'shown',
        suggestions: [{ ...ARTICLE, url: `/kb/articles/${index}` }],
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.headers['retry-after']).toBeDefined();
        expect(refusal(res, 429)).toMatch(/in the last minute/);
      }
    }
    expect(statuses).toEqual([204, 204, 429]);
  });
});
