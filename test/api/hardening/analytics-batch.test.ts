import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { searchEvents } from '../../../src/server/db/schema/index.js';
import { SearchEventRecorder } from '../../../src/server/services/search/analytics.js';
import { useTestApp } from '../../support/use-test-app.js';

/** One search event the database cannot take must never cost the other users' events of its batch. */

const t = useTestApp({ seed: false, accounts: false });

async function storedQueries(): Promise<{ query: string; userId: string | null; role: string }[]> {
  return t.database.db
    .select({ query: searchEvents.query, userId: searchEvents.userId, role: searchEvents.role })
    .from(searchEvents)
    .orderBy(asc(searchEvents.id));
}

describe('a batch of search events', () => {
  it('keeps every event: a NUL in a query becomes a space, an unknown user an anonymous event', async () => {
    await t.database.db.delete(searchEvents);
    const recorder = t.app.searches.events;
    recorder.record({ query: 'vpn tunnel', userId: null, role: 'anonymous', counts: { zendesk: 3 } });
    recorder.record({ query: 'x\u0000y', userId: null, role: 'anonymous', counts: { zendesk: 0 } });
    recorder.record({ query: 'bgp', userId: 'no-such-user', role: 'customer', counts: { zendesk: 1 } });
    await recorder.flush();
    const rows = await storedQueries();
    expect(rows.map((row) => row.query).sort()).toEqual(['bgp', 'vpn tunnel', 'x y']);
    expect(rows.find((row) => row.query === 'bgp')).toMatchObject({ userId: null, role: 'customer' });
  });

  it('writes the others when the database refuses one event', async () => {
    await t.database.db.delete(searchEvents);
    const errors: unknown[] = [];
    const recorder = new SearchEventRecorder(
      { db: t.database.db },
      {
        flushMs: 60_000,
        maxBatch: 100,
        onError: (error) => errors.push(error),
      },
    );
    recorder.record({ query: 'first', userId: null, role: 'anonymous', counts: {} });
    // Only a bug could put a NUL in the role (it comes from the session), but the batch must survive it.
    recorder.record({ query: 'broken', userId: null, role: 'anon\u0000ymous', counts: {} });
    recorder.record({ query: 'third', userId: null, role: 'anonymous', counts: {} });
    await recorder.close();
    expect((await storedQueries()).map((row) => row.query)).toEqual(['first', 'third']);
    expect(errors).toHaveLength(1);
  });
});
