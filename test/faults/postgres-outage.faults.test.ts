import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/common/api-paths.js';
import { ticketPath } from '../support/tickets.js';
import { startLoad, summarize, waitUntil } from './support/load-loop.js';
import { startPostgresCluster, type PostgresCluster } from './support/postgres-cluster.js';
import {
  createdTicketId,
  customerLoad,
  faultDatabase,
  removeServerBundle,
  startPortal,
  type FaultDatabase,
  type Portal,
} from './support/portal.js';

/**
 * PostgreSQL stopped (a crash: pg_ctl stop -m immediate) and started again under a steady load of a signed-in
 * customer's reads and ticket creations, on a private cluster (port 5090) and one portal (5001): readiness says
 * 503 while the database is down, every request is answered within its bound (a success or a 503, never a hang,
 * never a 500), the portal serves again without a restart, and every ticket it acknowledged is there after.
 */

const PG_PORT = 5090;
const PORTAL_PORT = 5001;
/** The portal's own deadline is 10 s (REQUEST_DEADLINE_MS); the client gives up a little later. */
const ANSWER_WITHIN_MS = 12_000;
const OUTAGE_MS = 8000;

let cluster: PostgresCluster;
let database: FaultDatabase;
let portal: Portal;

beforeAll(async () => {
  cluster = await startPostgresCluster(PG_PORT);
  database = await faultDatabase(cluster.url);
  portal = await startPortal('portal (:5001)', PORTAL_PORT, { DATABASE_URL: database.url });
}, 120_000);

afterAll(async () => {
  await portal?.stop();
  await database?.own.close();
  await cluster?.destroy();
  await removeServerBundle();
}, 60_000);

const ready = async (): Promise<number> =>
  (await fetch(`${portal.url}${apiPaths.system.ready}`, { signal: AbortSignal.timeout(5000) })).status;

describe('PostgreSQL stopped and started under load', () => {
  it('answers 503 while it is down, never hangs, and serves again with every acknowledged write', async () => {
    const pid = portal.child.process.pid;
    const load = startLoad(customerLoad(portal.url, database.cookie), {
      deadlineMs: ANSWER_WITHIN_MS,
      pauseMs: 50,
      workersPerRequest: 2,
    });
    await new Promise((resolve) => setTimeout(resolve, 4000));

    const stoppedAt = load.now();
    await cluster.stop('immediate');
    const readyzDownAfterMs = await waitUntil('readyz 503', async () => (await ready()) === 503, 10_000);
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    // Still down at the end of the outage: a readiness that flips back alone would be lying.
    expect(await ready()).toBe(503);

    const startedAt = load.now();
    await cluster.start();
    const readyAfterMs = await waitUntil('readyz 200', async () => (await ready()) === 200, 30_000);
    const resumedAt = load.now();
    // The load goes on a while after the recovery.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const outcomes = await load.stop();

    const before = outcomes.filter((outcome) => outcome.at < stoppedAt);
    const during = outcomes.filter((outcome) => outcome.at >= stoppedAt + 1000 && outcome.at < startedAt);
    const after = outcomes.filter((outcome) => outcome.at >= resumedAt + 1000);
    const figures = {
      before: summarize(before),
      during: summarize(during),
      after: summarize(after),
      all: summarize(outcomes),
      readyzDownAfterMs: Math.round(readyzDownAfterMs),
      databaseDownMs: Math.round(startedAt - stoppedAt),
      readyAgainAfterStartMs: Math.round(readyAfterMs),
    };
    console.log(`postgres outage: ${JSON.stringify(figures)}`);

    // No hang, no connection refused, no 500: each request is answered within its bound.
    const unanswered = outcomes.filter((outcome) => outcome.status === 0);
    expect(unanswered.map((outcome) => outcome.error)).toEqual([]);
    const odd = outcomes.filter((outcome) => ![200, 201, 503].includes(outcome.status));
    expect(odd.map((outcome) => `${outcome.name} ${outcome.status} ${outcome.body.slice(0, 200)}`)).toEqual(
      [],
    );
    expect(figures.all.slowestMs).toBeLessThan(ANSWER_WITHIN_MS);
    // A refusal says why, as JSON.
    for (const refused of outcomes.filter((outcome) => outcome.status === 503)) {
      expect(() => JSON.parse(refused.body) as unknown, refused.body).not.toThrow();
    }

    // Served before, refused during, served after: the same process all along.
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((outcome) => outcome.status < 300)).toBe(true);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((outcome) => outcome.status === 503)).toBe(true);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((outcome) => outcome.status < 300)).toBe(true);
    expect(portal.child.process.exitCode).toBeNull();
    expect(portal.child.process.pid).toBe(pid);

    // Every ticket the portal acknowledged is there.
    const acknowledged = outcomes
      .filter((outcome) => outcome.name === 'create ticket' && outcome.status === 201)
      .map((outcome) => createdTicketId(outcome.body));
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const id of acknowledged) {
      const res = await fetch(`${portal.url}${ticketPath(id)}`, { headers: { cookie: database.cookie } });
      expect(res.status, `ticket ${id}`).toBe(200);
    }
    console.log(`postgres outage: ${acknowledged.length} acknowledged tickets all present`);
  }, 120_000);
});
