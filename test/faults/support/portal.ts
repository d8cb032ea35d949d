import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths } from '../../../src/common/api-paths.js';
import { buildServerBundle, startInstance, type Child } from '../../instances/cluster.js';
import { createCustomer, sessionCookie } from '../../support/factories.js';
import { createTestApp, FIXTURE_CONTENT_DIR, type TestApp } from '../../support/test-app.js';
import { ticketBody } from '../../support/tickets.js';
import type { LoadRequest } from './load-loop.js';

/**
 * What the fault tests share: a fresh database on a PostgreSQL server (the test's own app on it makes the
 * signed-in customer), portal instances of the server bundle (as test/instances runs them) with the
 * environment a fault test needs, and the load's requests.
 */

export interface FaultDatabase {
  own: TestApp;
  url: string;
  /** A customer's session cookie. */
  cookie: string;
  userId: string;
}

/** A fresh migrated database on `serverUrl` (dropped by `own.close()`), and a signed-in customer on it. */
export async function faultDatabase(serverUrl: string): Promise<FaultDatabase> {
  // test/support/test-db.ts makes the database on TEST_DATABASE_URL's server.
  process.env.TEST_DATABASE_URL = serverUrl;
  const own = await createTestApp({ seed: false });
  const url = own.database.url;
  if (!url) throw new Error('expected a PostgreSQL database');
  const customer = await createCustomer(own.app);
  const { cookie } = await sessionCookie(own.app, { id: customer.id, role: 'customer' });
  return { own, url, cookie, userId: customer.id };
}

let bundle: Promise<Awaited<ReturnType<typeof buildServerBundle>>> | undefined;
/** The server bundle of the current sources, built once per test file. */
export async function serverMain(): Promise<string> {
  bundle ??= buildServerBundle();
  return (await bundle).main;
}
export async function removeServerBundle(): Promise<void> {
  if (bundle) await (await bundle).remove();
}

export interface Portal {
  child: Child;
  url: string;
  stop(): Promise<void>;
}

/** One portal instance on `port`, its data folder a temp one unless `env` names DATA_DIR. */
export async function startPortal(name: string, port: number, env: Record<string, string>): Promise<Portal> {
  const ownDataDir = env.DATA_DIR ? undefined : await mkdtemp(path.join(tmpdir(), 'portal-faults-data-'));
  const child = await startInstance(await serverMain(), name, port, {
    NODE_ENV: 'test',
    DEMO_DATA: 'false',
    CONTENT_DIR: FIXTURE_CONTENT_DIR,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: '127.0.0.1',
    CHAT_JWT_SECRET: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'info',
    // The load writes far more than a person does: the write limits are not what these tests are about.
    RATE_LIMIT_TICKETS_PER_MINUTE: '10000',
    RATE_LIMIT_COMMENTS_PER_MINUTE: '10000',
    ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
    ...env,
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await child.stop();
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}

let tickets = 0;
/** The load's requests of a signed-in customer: the ticket list (a read) and a new ticket (a write). */
export function customerLoad(origin: string, cookie: string): LoadRequest[] {
  return [
    {
      name: 'read ticket list',
      url: `${origin}${apiPaths.tickets.tickets}`,
      init: () => ({ headers: { cookie } }),
    },
    {
      name: 'create ticket',
      url: `${origin}${apiPaths.tickets.tickets}`,
      init: () => ({
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify(ticketBody({ subject: `Fault load ticket ${(tickets += 1)}` })),
      }),
    },
  ];
}

/** The id of a ticket a 201 answer created. */
export function createdTicketId(body: string): number {
  return (JSON.parse(body) as { ticket: { id: number } }).ticket.id;
}
