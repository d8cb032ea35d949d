import { beforeAll } from 'vitest';
import type { MatrixRole } from '../security/route-matrix.js';
import { createMatrixUsers, sessionHeadersOf } from '../support/route-calls.js';
import { FIXTURE_CONTENT_DIR, type TestApp } from '../support/test-app.js';
import { useTestApp } from '../support/use-test-app.js';
import { cannedReplies, ticketIssueLinks } from '../../src/server/db/schema/index.js';
import { callerOf } from '../support/callers.js';
import { createCustomer, createIssue, createTicket } from '../support/factories.js';
import { createNoticeAs } from '../support/notices.js';
import { fuzzTargets, watchRowChanges, type FuzzTarget } from './fuzz-targets.js';
import type { KnownValues } from './schema-arbitraries.js';

/**
 * How much to generate: a fixed seed, a few runs and a share of the corpus per route in `npm test`; `npm run
 * fuzz` (or FUZZ_RUNS, FUZZ_SEED and FUZZ_CORPUS set by hand) for a longer run. A failure names the seed and the shrunk input that reproduce it.
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 6);
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261128);
/** The whole corpus to every route (FUZZ_CORPUS=all); by default each route gets a share of it. */
export const FUZZ_CORPUS_ALL = process.env.FUZZ_CORPUS === 'all';

/**
 * The app's environment for the fuzz tests: every per-user and per-address limit at its ceiling, so that
 * validation, not a 429, is what answers the thousands of requests (the limits have tests of their own), and
 * the built-in content sync reading the small fixture content.
 */
export const FUZZ_ENV: Record<string, string> = {
  RATE_LIMIT_AUTH_PER_MINUTE: '100000',
  RATE_LIMIT_ASSISTANT_PER_MINUTE: '10000',
  RATE_LIMIT_TICKETS_PER_MINUTE: '10000',
  RATE_LIMIT_P1_TICKETS_PER_HOUR: '10000',
  RATE_LIMIT_COMMENTS_PER_MINUTE: '10000',
  RATE_LIMIT_TICKET_BULK_PER_MINUTE: '10000',
  RATE_LIMIT_ATTACHMENTS_PER_MINUTE: '10000',
  RATE_LIMIT_DOWNLOADS_PER_MINUTE: '10000',
  RATE_LIMIT_NOTICE_WRITES_PER_MINUTE: '10000',
  RATE_LIMIT_CONTENT_SYNC_PER_MINUTE: '1000',
  RATE_LIMIT_CANNED_REPLY_WRITES_PER_MINUTE: '10000',
  RATE_LIMIT_ISSUE_LINK_WRITES_PER_MINUTE: '10000',
  RATE_LIMIT_NOTICE_MARK_ALL_PER_MINUTE: '10000',
  RATE_LIMIT_ARTICLE_VOTES_PER_MINUTE: '10000',
  RATE_LIMIT_DEFLECTION_PER_MINUTE: '10000',
  SIGN_IN_CODES_PER_ADDRESS: '1000',
  SIGN_IN_WRONG_CODES_PER_ADDRESS: '10000',
  STREAMS_PER_USER: '10000',
  CONTENT_DIR: FIXTURE_CONTENT_DIR,
};

export interface FuzzApp {
  t: TestApp;
  /** The targets of the route table, by `METHOD path`. */
  targets: Map<string, FuzzTarget>;
  /** The request headers of each caller the targets name (a session cookie, or none for a visitor). */
  headers: Record<MatrixRole, Record<string, string>>;
  /** Values of rows that exist, by property name, for the generators to use now and then. */
  known: KnownValues;
  /** Rows written since the last call, once what the app writes in batches is written. */
  written(): Promise<Record<string, number>>;
}

/** A ticket with a linked issue, a notice and a canned reply, for requests to find. */
async function existingRows(t: TestApp): Promise<KnownValues> {
  const customer = await createCustomer(t.app);
  const ticket = await createTicket(t.app, { requesterEmail: customer.email, subject: 'Fuzzed ticket' });
  const issue = await createIssue(t.app, { summary: 'Fuzzed defect' });
  const admin = await callerOf(t.app, 'admin');
  await t.database.db
    .insert(ticketIssueLinks)
    .values({ ticketId: ticket.id, issueKey: issue.key, linkedBy: admin.id });
  const notice = await createNoticeAs(t.app, admin);
  const [reply] = await t.database.db
    .insert(cannedReplies)
    .values({ title: 'Fuzzed reply', body: 'A canned reply' })
    .returning({ id: cannedReplies.id });
  return {
    id: [String(ticket.id), ticket.id, String(notice.Notice_ID), reply?.id ?? 1],
    ids: [[ticket.id]],
    Notice_ID: [String(notice.Notice_ID)],
    key: [issue.key],
    userId: [customer.id],
    assigneeId: [admin.id],
  };
}

/**
 * The test app of a fuzz file, built before its tests: the route table's targets, a session of each caller
 * they need, and the watch on every table's rows.
 */
export function useFuzzApp(env: Record<string, string> = {}): FuzzApp {
  const t = useTestApp({ seed: false, env: { ...FUZZ_ENV, ...env } });
  const state = { t } as FuzzApp;
  beforeAll(async () => {
    const users = await createMatrixUsers(t.app);
    state.headers = {} as FuzzApp['headers'];
    for (const role of ['anonymous', 'customer', 'admin'] as const) {
      state.headers[role] = await sessionHeadersOf(t.app, users, role);
    }
    state.known = await existingRows(t);
    state.targets = new Map(fuzzTargets(t.app.routeTable).map((target) => [target.key, target]));
    const rowChanges = await watchRowChanges(t.database.db);
    state.written = async () => {
      // Search analytics and article views are written in batches after the answer: written now.
      await Promise.all([t.app.searches.events.flush(), t.app.knowledge.views.flush()]);
      return rowChanges();
    };
  });
  return state;
}
