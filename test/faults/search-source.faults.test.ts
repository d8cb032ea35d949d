import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/common/api-paths.js';
import { searchResponseSchema, type SearchResponse } from '../../src/common/contracts/search.js';
import { createZendeskTicketDesk } from '../../src/server/connectors/ticket-desk/zendesk/tickets.js';
import { parseExposition, samplesOf } from '../api/observability/prometheus-text.js';
import { startZendeskFake, type ZendeskFake } from '../fakes/zendesk/index.js';
import { ZENDESK_FIXTURE_IDS } from '../fakes/zendesk/store.js';
import { deskTicketInput } from '../support/desk-tickets.js';
import { searchUrl } from '../support/search.js';
import { startLoad, summarize, waitUntil, type Outcome } from './support/load-loop.js';
import { removeServerBundle, startPortal, type Portal } from './support/portal.js';
import { signedInCustomerIn } from './support/signed-in-customer.js';

/**
 * A search source that hangs, then fails, at its vendor, under a steady search load on a real portal process.
 * The source is a customer's "My Requests" on Zendesk's Search API, asked at every search (the knowledge base,
 * documentation and community are searched in the portal's database, from synced or loaded content): the
 * portal's ticket desk is the Zendesk fake, started here, whose injected hangs and 500s reach only that source
 * once the knowledge base's first sync is done. It proves: every search is answered 200 within the source
 * timeout (plus a margin) with the other sources' results; the source's status in the answer says `timeout`
 * while it hangs, and `error` once its breaker is open (answered at once) or while it fails; the breaker opens
 * after SEARCH_BREAKER_FAILURES, goes half-open after the cool-down with one trial, and closes once the fake
 * answers again, with the source's results back.
 *
 * Ports: the portal on FAULTS_SEARCH_PORT (default 5041), the fake on the next.
 */

const PORTAL_PORT = Number(process.env.FAULTS_SEARCH_PORT ?? 5041);
const FAKE_PORT = PORTAL_PORT + 1;
const TIMEOUT_MS = 1000;
const FAILURES = 3;
const COOLDOWN_MS = 3000;
/** A search waits for a hanging source up to the timeout; the rest of the answer is fast (a loaded machine). */
const ANSWER_WITHIN_MS = TIMEOUT_MS + 1500;
const SOURCE = 'zendeskRequests';
const QUERY = 'transit gateway';
const TICKET_SUBJECT = 'Transit gateway tunnel flaps';
const WEBHOOK_SECRET = 'faults-zendesk-webhook-secret';
const TICKET_FIELDS = { type: 360_000_101, release: 360_000_102, providedId: 360_000_103 };
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let fake: ZendeskFake;
let dataDir = '';
let portal: Portal | undefined;
let cookie = '';

beforeAll(async () => {
  fake = await startZendeskFake({ port: FAKE_PORT, publicArticles: 20 });
  // A public article the query finds, synced into the knowledge base at the portal's start.
  fake.addArticle({
    title: 'Sizing a transit gateway',
    body: '<p>A transit gateway needs an instance size that carries the traffic of every spoke.</p>',
    section_id: ZENDESK_FIXTURE_IDS.sectionNetworking,
  });
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-faults-search-'));
  // The customer, their session and their request at Zendesk are made in-process first (PGlite has one process
  // at a time on its folder); the request through the Zendesk desk, as the portal would have opened it.
  ({ cookie } = await signedInCustomerIn(dataDir, async (_app, handle, customer) => {
    const desk = createZendeskTicketDesk({
      baseUrl: fake.url,
      clientId: fake.client.identifier,
      clientSecret: fake.client.secret,
      fields: TICKET_FIELDS,
      db: handle.db,
      log: quiet,
      searchBudgetMs: 2000,
      callBudgetMs: 10_000,
      webhookSecret: WEBHOOK_SECRET,
    });
    await desk.createTicket(deskTicketInput({ subject: TICKET_SUBJECT, requesterEmail: customer.email }));
  }));

  portal = await startPortal(`portal (:${PORTAL_PORT}, PGlite, Zendesk fake)`, PORTAL_PORT, {
    DATA_DIR: dataDir,
    ZENDESK_URL: fake.url,
    ZENDESK_CLIENT_ID: fake.client.identifier,
    ZENDESK_CLIENT_SECRET: fake.client.secret,
    ZENDESK_PROVIDED_ID_FIELD: 'provided_id',
    ZENDESK_TECH_HUB_CATEGORY_ID: String(ZENDESK_FIXTURE_IDS.category),
    ZENDESK_TICKETS: 'on',
    ZENDESK_TICKET_TYPE_FIELD: String(TICKET_FIELDS.type),
    ZENDESK_TICKET_RELEASE_FIELD: String(TICKET_FIELDS.release),
    ZENDESK_TICKET_PROVIDED_ID_FIELD: String(TICKET_FIELDS.providedId),
    // The webhook tells of desk changes: no poll of the fake runs beside the searches.
    ZENDESK_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // The first sync at the start only: no sync meets the injected faults.
    CONTENT_SYNC_INTERVAL_MINUTES: '1440',
    SEARCH_SOURCE_TIMEOUT_MS: String(TIMEOUT_MS),
    SEARCH_BREAKER_FAILURES: String(FAILURES),
    SEARCH_BREAKER_COOLDOWN_MS: String(COOLDOWN_MS),
    LOG_LEVEL: 'warn',
  });
}, 120_000);

afterAll(async () => {
  await portal?.stop();
  await fake?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await removeServerBundle();
}, 60_000);

async function metrics(origin: string) {
  const res = await fetch(`${origin}${apiPaths.system.metrics}`);
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  return parseExposition(await res.text());
}

async function breakerState(origin: string): Promise<string | undefined> {
  const samples = samplesOf(await metrics(origin), 'portal_search_breaker_state', { source: SOURCE });
  return samples.find((sample) => sample.value === 1)?.labels.state;
}

/** Samples the source's breaker state every 100 ms until stopped. */
function watchBreaker(origin: string, now: () => number) {
  const seen: Array<{ at: number; state: string }> = [];
  let stopping = false;
  const loop = (async () => {
    while (!stopping) {
      const state = await breakerState(origin).catch(() => undefined);
      if (state) seen.push({ at: now(), state });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    seen,
    async stop() {
      stopping = true;
      await loop;
      return seen;
    },
  };
}

interface Answered extends Outcome {
  answer: SearchResponse;
}
const answered = (outcomes: readonly Outcome[]): Answered[] =>
  outcomes.map((outcome) => ({ ...outcome, answer: searchResponseSchema.parse(JSON.parse(outcome.body)) }));
const statusOf = (outcome: Answered) => outcome.answer.status[SOURCE];
const requested = (outcome: Answered) =>
  (outcome.answer.zendeskRequests?.requests ?? []).some((hit) => hit.subject === TICKET_SUBJECT);
/** The other sources answered, with results: the partial answer is worth having. */
const othersAnswered = (outcome: Answered) =>
  outcome.answer.status.zendesk === 'ok' &&
  outcome.answer.status.git === 'ok' &&
  outcome.answer.status.forumbee === 'ok' &&
  (outcome.answer.zendesk?.count ?? 0) > 0 &&
  (outcome.answer.git?.count ?? 0) > 0 &&
  (outcome.answer.forumbee?.paging.count ?? 0) > 0;
const tally = (outcomes: readonly Answered[]) =>
  outcomes.reduce<Record<string, number>>((counts, outcome) => {
    const key = statusOf(outcome) ?? 'absent';
    counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  }, {});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The requests the fake held unanswered (an injected hang is logged before any route is known). */
const hungCount = () => fake.log.filter((entry) => entry.outcome.injected === 'hang').length;

describe('a search source whose vendor hangs, then fails', () => {
  it('answers within the source timeout with the others, reports the source, and opens and closes its breaker', async () => {
    if (!portal) throw new Error('no portal');
    const origin = portal.url;
    // The knowledge base's first sync is done (its content searched, and no sync left to meet a fault).
    await waitUntil(
      'the first content sync',
      async () =>
        samplesOf(await metrics(origin), 'portal_content_sync_last_success_timestamp_seconds', {
          source: 'kb',
        }).length > 0,
      60_000,
    );
    const load = startLoad(
      [
        {
          name: 'search',
          url: `${origin}${searchUrl(QUERY)}`,
          init: () => ({
            method: 'POST',
            headers: { cookie, origin, 'content-type': 'application/json' },
            body: '{}',
          }),
        },
      ],
      { deadlineMs: 12_000, pauseMs: 50, workersPerRequest: 2 },
    );
    const breaker = watchBreaker(origin, load.now);
    await sleep(3000);

    const hangAt = load.now();
    fake.hangNext(100_000);
    await sleep(7000);
    const hungSearches = hungCount();

    const failAt = load.now();
    // In one step: no request finds the fake between the hang and the failure.
    fake.clearInjections();
    fake.failNext(100_000, {
      status: 500,
      headers: { 'content-type': 'application/json' },
      body: '{"error":"InternalError"}',
    });
    await sleep(5000);

    const recoverAt = load.now();
    fake.clearInjections();
    const closedAfterMs = await waitUntil(
      'the breaker closed',
      async () => (await breakerState(origin)) === 'closed',
      COOLDOWN_MS + 5000,
    );
    const closedAt = load.now();
    await sleep(3000);
    const outcomes = await load.stop();
    const states = await breaker.stop();
    const exposition = await metrics(origin);

    // Every search answered, 200, within the bound: a hanging or failing source never costs the answer.
    expect(
      outcomes.filter((outcome) => outcome.status !== 200).map((o) => `${o.status} ${o.error ?? ''}`),
    ).toEqual([]);
    const all = answered(outcomes);
    // Each phase's searches: started in it and answered before the next (one in flight at a change is in none).
    const within = (from: number, to: number) =>
      all.filter((outcome) => outcome.at >= from && outcome.at + outcome.ms < to);
    const healthy = within(0, hangAt);
    const hanging = within(hangAt, failAt);
    const failing = within(failAt, recoverAt);
    const recovered = within(closedAt + 500, Number.POSITIVE_INFINITY);
    const timedOut = all.filter((outcome) => statusOf(outcome) === 'timeout');
    const skippedWhileHanging = hanging.filter((outcome) => statusOf(outcome) === 'error');
    const sourceCount = (status: string) =>
      samplesOf(exposition, 'portal_search_source_duration_seconds_count', { source: SOURCE, status }).reduce(
        (sum, sample) => sum + sample.value,
        0,
      );
    const figures = {
      all: summarize(outcomes),
      healthy: { ...summarize(healthy), source: tally(healthy) },
      hanging: { ...summarize(hanging), source: tally(hanging) },
      failing: { ...summarize(failing), source: tally(failing) },
      recovered: { ...summarize(recovered), source: tally(recovered) },
      timedOut: timedOut.length,
      slowestTimedOutMs: Math.round(Math.max(0, ...timedOut.map((outcome) => outcome.ms))),
      slowestSkippedMs: Math.round(Math.max(0, ...skippedWhileHanging.map((outcome) => outcome.ms))),
      searchesReachingTheFakeWhileHanging: hungSearches,
      otherSources: [
        ...new Set(
          all.map(({ answer }) =>
            (['zendesk', 'git', 'forumbee'] as const)
              .map((key) => {
                const group = answer[key];
                const count = group && 'paging' in group ? group.paging.count : (group?.count ?? 0);
                return `${key} ${answer.status[key] ?? 'absent'} ${count}`;
              })
              .join(', '),
          ),
        ),
      ],
      breakerStates: [...new Set(states.map((sample) => sample.state))],
      closedAfterRecoveryMs: Math.round(closedAfterMs),
      metrics: Object.fromEntries(
        ['ok', 'timeout', 'error', 'skipped'].map((status) => [status, sourceCount(status)]),
      ),
    };
    console.log(`search source: ${JSON.stringify(figures)}`);

    expect(figures.all.slowestMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(all.every(othersAnswered)).toBe(true);

    // Healthy: the source answers with the customer's request.
    expect(healthy.length).toBeGreaterThan(0);
    expect(healthy.every((outcome) => statusOf(outcome) === 'ok' && requested(outcome))).toBe(true);

    // Hanging: reported as `timeout`, each answer waiting about the timeout and no longer; then, the breaker
    // open, reported as `error` at once. Only the searches that tripped it (one more may be under way beside
    // them) and the half-open trials (one per cool-down) reach the vendor: the rest skip it.
    expect(hanging.every((outcome) => ['timeout', 'error'].includes(statusOf(outcome) ?? ''))).toBe(true);
    expect(timedOut.length).toBeGreaterThanOrEqual(FAILURES);
    for (const outcome of timedOut) {
      expect(outcome.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(outcome.at + outcome.ms).toBeGreaterThan(hangAt);
      expect(outcome.at).toBeLessThan(failAt);
    }
    const trials = Math.ceil((failAt - hangAt) / COOLDOWN_MS);
    expect(timedOut.length).toBeLessThanOrEqual(FAILURES + 1 + trials);
    expect(hungSearches).toBeLessThanOrEqual(FAILURES + 1 + trials);
    expect(skippedWhileHanging.length).toBeGreaterThan(timedOut.length);
    expect(figures.slowestSkippedMs).toBeLessThan(TIMEOUT_MS);

    // Failing: `error`, never a wait (skipped, or the trial's 500 at once).
    expect(failing.length).toBeGreaterThan(0);
    expect(failing.every((outcome) => statusOf(outcome) === 'error' && outcome.ms < TIMEOUT_MS)).toBe(true);
    expect(fake.log.some((entry) => entry.outcome.injected === 'fail')).toBe(true);

    // The breaker went open, half-open (a trial) and closed again once the vendor answered.
    expect(figures.breakerStates).toEqual(expect.arrayContaining(['closed', 'open', 'half-open']));
    expect(states.at(-1)?.state).toBe('closed');
    expect(figures.closedAfterRecoveryMs).toBeLessThan(COOLDOWN_MS + 3000);
    expect(recovered.length).toBeGreaterThan(0);
    expect(recovered.every((outcome) => statusOf(outcome) === 'ok' && requested(outcome))).toBe(true);

    // /metrics says the same per outcome.
    expect(figures.metrics.timeout).toBeGreaterThanOrEqual(FAILURES);
    expect(figures.metrics.skipped).toBeGreaterThan(0);
    expect(figures.metrics.error).toBeGreaterThan(0);
    expect(portal.child.process.exitCode).toBeNull();
  }, 120_000);
});
