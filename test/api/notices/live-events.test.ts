import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { noticeEventSchema } from '../../../src/common/contracts/notices.js';
import { openEventStream, type EventStreamReader } from '../../support/event-stream.js';
import { callerOf, createNoticeAs, postAs, type Caller } from '../../support/notices.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * Live delivery (issue 12): a notice change reaches a page connected to any instance within 5 seconds,
 * through PostgreSQL LISTEN/NOTIFY (on PGlite, within the one process that holds the database), and a stream
 * that reconnects catches up on what it missed.
 */

const WITHIN_MS = 5000;
const t = useTestApp({ seed: false });
let instanceB: TestApp;
let urlA = '';
let urlB = '';
let admin: Caller;
let customer: Caller;
const open: EventStreamReader[] = [];

beforeAll(async () => {
  instanceB = await createTestApp({ sharedDatabase: t.database });
  urlA = await t.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await instanceB.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await callerOf(t.app, 'admin');
  customer = await callerOf(t.app, 'customer');
});

afterAll(async () => {
  for (const stream of open) stream.close();
  await instanceB?.close();
});

async function stream(baseUrl: string, headers: Record<string, string> = {}): Promise<EventStreamReader> {
  const reader = await openEventStream(`${baseUrl}${apiPaths.notices.events}`, {
    ...customer.headers,
    ...headers,
  });
  open.push(reader);
  expect(reader.status).toBe(200);
  return reader;
}

const isNotice = (noticeId: string, action: string) => (event: { event: string; data: string }) =>
  event.event === 'notice' &&
  noticeEventSchema.parse(JSON.parse(event.data)).noticeId === noticeId &&
  noticeEventSchema.parse(JSON.parse(event.data)).action === action;

describe(`live notice changes (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a page on instance B hears of a notice created, updated and deleted through instance A', async () => {
    const onB = await stream(urlB);
    await onB.next((event) => event.event === 'ready', WITHIN_MS);

    const created = await createNoticeAs(t.app, admin);
    const startedAt = Date.now();
    await onB.next(isNotice(created.Notice_ID, 'created'), WITHIN_MS);
    expect(Date.now() - startedAt).toBeLessThan(WITHIN_MS);

    await postAs(t.app, admin, apiPaths.notices.notice, {
      Notice_ID: created.Notice_ID,
      description: '<p>changed</p>',
      startDate: created.startDate,
      endDate: created.endDate,
      type: created.type,
    });
    await onB.next(isNotice(created.Notice_ID, 'updated'), WITHIN_MS);
    await postAs(t.app, admin, apiPaths.notices.deleteNotice, { Notice_ID: created.Notice_ID });
    await onB.next(isNotice(created.Notice_ID, 'deleted'), WITHIN_MS);
  });

  it('a stream that reconnects with Last-Event-ID gets what it missed, in order', async () => {
    const first = await stream(urlA);
    const ready = await first.next((event) => event.event === 'ready', WITHIN_MS);
    first.close();
    const missedA = await createNoticeAs(t.app, admin);
    const missedB = await createNoticeAs(instanceB.app, admin);

    const again = await stream(urlB, { 'last-event-id': ready.id ?? '' });
    const one = await again.next((event) => event.event === 'notice', WITHIN_MS);
    const two = await again.next((event) => event.event === 'notice', WITHIN_MS);
    expect([one, two].map((event) => noticeEventSchema.parse(JSON.parse(event.data)).noticeId)).toEqual([
      missedA.Notice_ID,
      missedB.Notice_ID,
    ]);
    expect(Number(two.id)).toBeGreaterThan(Number(one.id));
  });

  it('a bad Last-Event-ID is a 400', async () => {
    const res = await fetch(`${urlA}${apiPaths.notices.events}`, {
      headers: { ...customer.headers, 'last-event-id': '1; drop table notices' },
    });
    expect(res.status).toBe(400);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when the listening connection drops, the stream says resync and later changes still arrive',
    async () => {
      const onA = await stream(urlA);
      await onA.next((event) => event.event === 'ready', WITHIN_MS);
      const superuser = new pg.Client({ connectionString: t.database.url });
      await superuser.connect();
      try {
        const { rowCount } = await superuser.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query like 'listen %' and pid <> pg_backend_pid()`,
        );
        expect(rowCount).toBeGreaterThan(0);
      } finally {
        await superuser.end();
      }
      await onA.next((event) => event.event === 'resync', WITHIN_MS * 2);
      const later = await createNoticeAs(t.app, admin);
      await onA.next(isNotice(later.Notice_ID, 'created'), WITHIN_MS);
    },
  );

  it('closing the app ends its open streams instead of waiting for them', async () => {
    const third = await createTestApp({ sharedDatabase: t.database });
    const url = await third.app.listen({ port: 0, host: '127.0.0.1' });
    const reader = await stream(url);
    await reader.next((event) => event.event === 'ready', WITHIN_MS);
    const started = Date.now();
    await third.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await expect(reader.next(() => true, 1000)).rejects.toThrow(/ended/);
  });
});
