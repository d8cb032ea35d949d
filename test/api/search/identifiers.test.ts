import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import {
  searchResponseSchema,
  suggestionsResponseSchema,
  type SearchResponse,
} from '../../../src/common/contracts/search.js';
import { demoIssues } from '../../../src/server/connectors/tracker/builtin/demo-issues.js';
import { assistantAnswerSchema } from '../../../src/common/contracts/assistant.js';
import { get, post, signInCustomer, signInWithPassword, type Browser } from '../../support/auth-flow.js';
import { createAgent, createCustomer, createTicket } from '../../support/factories.js';
import { postAs, type Caller } from '../../support/callers.js';
import { anonymous, search, searchUrl } from '../../support/search.js';
import { customerOf, openTicket } from '../../support/tickets.js';
import { createMailTestApp, type MailTestApp } from '../../support/test-app.js';

/**
 * Release numbers, ticket numbers and tracker keys as whole tokens, on the real content and the demo tickets
 * and issues: found, ranked first, suggested, never highlighted digit by digit, and a query of a ticket number
 * or issue key alone goes to it for whoever may see it, and tells anyone else nothing.
 */

const UPGRADE_ARTICLE = 'Supported upgrade path from 7.2 to 8.1';
const ISSUE_KEY = 'NET-1008';
const issue = demoIssues.find((each) => each.key === ISSUE_KEY);

const kbTitles = (response: SearchResponse) => (response.zendesk?.results ?? []).map((hit) => hit.title);

/** Every marked word of every snippet of an answer. */
function markedWords(response: SearchResponse): string[] {
  const snippets = [
    ...(response.zendesk?.results ?? []).map((hit) => hit.snippet),
    ...(response.git?.results ?? []).flatMap((hit) => hit.blocks.map((block) => block.content)),
    ...(response.forumbee?.data ?? []).map((hit) => hit.text),
  ];
  return snippets.flatMap((snippet) =>
    [...snippet.matchAll(/<mark>([^<]*)<\/mark>/g)].map((m) => m[1] ?? ''),
  );
}

describe('identifiers as tokens: release numbers, ticket numbers, tracker keys', () => {
  let t: MailTestApp;
  let visitor: Browser;
  let agent: Browser;
  let owner: Browser;
  let stranger: Browser;
  let ticket: { id: number; subject: string };

  beforeAll(async () => {
    t = await createMailTestApp({ contentDir: path.resolve('content'), accounts: false });
    const owning = await createCustomer(t.app);
    const other = await createCustomer(t.app);
    const staff = await createAgent(t.app);
    // After the 31 demo tickets: ticket #32.
    ticket = await createTicket(t.app, {
      requesterEmail: owning.email,
      subject: 'Throughput drops on the egress gateway at night',
      description: 'Every night around 02:00 the egress gateway drops to half its throughput.',
    });
    visitor = anonymous(t.app);
    agent = await signInWithPassword(t.app, staff.email, staff.password);
    owner = await signInCustomer(t.app, t.sink, owning.email);
    stranger = await signInCustomer(t.app, t.sink, other.email);
  }, 120_000);
  afterAll(() => t.close());

  it('finds the upgrade-path article first for its release numbers, alone or in a question', async () => {
    for (const query of ['7.2 to 8.1', 'how do I upgrade from 7.2 to 8.1', 'upgrade 8.1']) {
      for (const browser of [visitor, agent]) {
        const titles = kbTitles(await search(browser, query));
        expect(titles[0], `${query}: ${titles.join(' | ')}`).toBe(UPGRADE_ARTICLE);
      }
    }
  });

  it('ranks first the item whose title names the release, among those holding every word', async () => {
    const response = await search(visitor, 'gateway 7.2.4820');
    expect(response.status.zendesk).toBe('ok');
    expect(kbTitles(response)[0]).toBe('Controller 7.2.4820 release notes');
    expect(kbTitles(response).length).toBeGreaterThan(1);
  });

  it('suggests the upgrade-path article first as one types the release numbers', async () => {
    for (const query of ['upgrade 8.1', '7.2 to 8.1', 'how do i upgrade from 7.2 to 8.1']) {
      const res = await get(
        visitor,
        `${apiPaths.aggregator.suggestions}?searchValue=${encodeURIComponent(query)}`,
      );
      expect(res.statusCode).toBe(200);
      const { suggestions } = suggestionsResponseSchema.parse(res.json());
      expect(suggestions[0]?.title, `${query}: ${suggestions.map((s) => s.title).join(' | ')}`).toBe(
        UPGRADE_ARTICLE,
      );
    }
  });

  it("the assistant's first passage for the release numbers is the upgrade-path article", async () => {
    for (const text of ['7.2 to 8.1', 'how do I upgrade from 7.2 to 8.1']) {
      const res = await post(owner, apiPaths.assistant.messages, { text });
      expect(res.statusCode, res.body).toBe(200);
      const answer = assistantAnswerSchema.parse(res.json());
      expect(answer.confident).toBe(true);
      expect(answer.passages[0]?.title, text).toBe(UPGRADE_ARTICLE);
    }
  });

  it('a release number matches as a whole token: 8.1 finds neither 8.10 nor the 8 and 1 of other numbers', async () => {
    const response = await search(visitor, '8.1');
    const texts = (response.zendesk?.results ?? []).map((hit) => `${hit.title} ${hit.snippet}`);
    expect(texts.length).toBeGreaterThan(0);
    // Each hit's snippet shows the release itself, never a digit of another number.
    expect(markedWords(response).every((word) => word === '8.1')).toBe(true);
  });

  it('a CVE id, an error code of a body and a release number among other words find their item first', async () => {
    // The CVE is named in a release note's body; the error code in an article's body, never in a title.
    const cases = [
      ['CVE-2025-9230', 'Controller 8.1.1050 release notes'],
      ['RouteLimitExceeded', 'AWS: route table limit reached'],
      ['what changed in 8.0.2210', 'Controller 8.0.2210 release notes'],
    ] as const;
    for (const [query, title] of cases)
      expect(kbTitles(await search(visitor, query))[0]?.startsWith(title), query).toBe(true);
  });

  it('marks release numbers whole in snippets and never a lone digit', async () => {
    const response = await search(visitor, 'how do I upgrade from 7.2 to 8.1');
    const marked = markedWords(response);
    expect(marked).toContain('7.2');
    expect(marked.filter((word) => /^\d$/.test(word))).toEqual([]);
    // "step 1" and "2 ms" of other snippets stay unmarked as well.
    const digits = await search(visitor, 'upgrade 2 1');
    expect(markedWords(digits).filter((word) => /^\d$/.test(word))).toEqual([]);
  });

  it('an agent finds the tracker issue by its key, first, and the answer goes to it', async () => {
    expect(issue).toBeDefined();
    const response = await search(agent, ISSUE_KEY);
    expect(response.jiraIssues?.issues[0]?.key).toBe(ISSUE_KEY);
    expect(response.jump).toEqual({
      source: 'jiraIssues',
      id: response.jiraIssues?.issues[0]?.id,
      label: `${ISSUE_KEY} ${issue?.summary}`,
    });
    // Lower case is the same key.
    expect((await search(agent, ISSUE_KEY.toLowerCase())).jump?.label).toBe(`${ISSUE_KEY} ${issue?.summary}`);
  });

  it('an agent finds the ticket by its number, with or without #, first, and the answer goes to its page', async () => {
    for (const query of [
      String(ticket.id),
      `#${ticket.id}`,
      `ticket ${ticket.id}`,
      `Case no. ${ticket.id}`,
    ]) {
      const response = await search(agent, query);
      expect(response.zendeskTickets?.results[0]?.id, query).toBe(ticket.id);
      expect(response.jump).toEqual({
        source: 'zendeskTickets',
        id: ticket.id,
        label: `#${ticket.id} ${ticket.subject}`,
        url: `/tickets/${ticket.id}`,
      });
    }
  });

  it('the customer who owns the ticket finds it in their requests and goes to it', async () => {
    const response = await search(owner, `#${ticket.id}`);
    expect(response.zendeskRequests?.requests[0]?.id).toBe(ticket.id);
    expect(response.jump?.url).toBe(`/tickets/${ticket.id}`);
  });

  it('a customer who may not see the ticket or the issue, and a visitor, learn nothing of them', async () => {
    for (const browser of [stranger, visitor]) {
      for (const query of [String(ticket.id), `#${ticket.id}`, `ticket ${ticket.id}`, ISSUE_KEY]) {
        const response = await search(browser, query);
        expect(response.jump, query).toBeUndefined();
        expect(response.zendeskTickets).toBeUndefined();
        expect(response.jiraIssues).toBeUndefined();
        expect(response.zendeskRequests?.count ?? 0).toBe(0);
        const body = JSON.stringify(response);
        expect(body).not.toContain(ticket.subject);
        expect(body).not.toContain(issue?.summary ?? ISSUE_KEY);
      }
    }
  });

  it('an organisation admin goes to a ticket of their organisation; a colleague who is not its admin does not', async () => {
    const requester = await customerOf(t.app);
    const orgAdmin = await customerOf(t.app, { providedId: requester.providedId, organisationAdmin: true });
    const colleague = await customerOf(t.app, { providedId: requester.providedId });
    const opened = await openTicket(t.app, requester, { subject: 'Controller certificate renewal failed' });
    const searchAs = async (caller: Caller) => {
      const res = await postAs(t.app, caller, searchUrl(`#${opened.id}`), {});
      expect(res.statusCode, res.body).toBe(200);
      return searchResponseSchema.parse(res.json());
    };
    expect((await searchAs(requester)).jump?.url).toBe(`/tickets/${opened.id}`);
    expect((await searchAs(orgAdmin)).jump).toEqual({
      source: 'zendeskRequests',
      id: opened.id,
      label: `#${opened.id} Controller certificate renewal failed`,
      url: `/tickets/${opened.id}`,
    });
    const hidden = await searchAs(colleague);
    expect(hidden.jump).toBeUndefined();
    expect(JSON.stringify(hidden)).not.toContain('Controller certificate renewal failed');
  });
});
