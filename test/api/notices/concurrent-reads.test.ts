import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../src/common/api-paths.js';
import { noticeReads, sessions, users } from '../../../src/server/db/schema/index.js';
import { randomToken, sha256Hex } from '../../../src/server/lib/tokens.js';
import { SESSION_COOKIE } from '../../../src/server/plugins/sessions.js';
import { uniqueSuffix } from '../../support/factories.js';
import { callerOf, createNoticeAs, postAs, type Caller } from '../../support/notices.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * Reads are rows of their own (the brief): 500 users reading one notice at the same moment are all recorded,
 * and one user's 50 simultaneous reads record one. Run on PostgreSQL by the CI's PostgreSQL suite, where the
 * requests really run in parallel over the pool; on PGlite they queue on its one connection.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const t = useTestApp({ seed: false });
const READERS = 500;
const REPEATS = 50;

/** Many customers with a session each, in two statements (a sign-in each would take minutes). */
async function manyCustomers(total: number): Promise<Caller[]> {
  const suffix = uniqueSuffix();
  const rows = await t.app.db
    .insert(users)
    .values(
      Array.from({ length: total }, (_, index) => ({
        email: `reader-${index}-${suffix}@example.com`,
        name: `Reader ${index}`,
        userType: 'customer' as const,
        role: 'customer' as const,
      })),
    )
    .returning({ id: users.id, email: users.email, name: users.name });
  const now = new Date();
  const tokens = rows.map(() => randomToken());
  await t.app.db.insert(sessions).values(
    rows.map((row, index) => ({
      id: sha256Hex(tokens[index] ?? ''),
      userId: row.id,
      authLevel: 'zendesk' as const,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    })),
  );
  return rows.map((row, index) => ({ ...row, headers: { cookie: `${SESSION_COOKIE}=${tokens[index]}` } }));
}

let admin: Caller;
beforeAll(async () => {
  admin = await callerOf(t.app, 'admin');
});

async function readCount(noticeId: string): Promise<number> {
  const [row] = await t.app.db
    .select({ value: count() })
    .from(noticeReads)
    .where(eq(noticeReads.noticeId, noticeId));
  return row?.value ?? 0;
}

describe(`reads at the same moment (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(`${READERS} distinct users reading one notice at once are all recorded`, async () => {
    const { Notice_ID } = await createNoticeAs(t.app, admin);
    const readers = await manyCustomers(READERS);
    const answers = await Promise.all(
      readers.map((reader) =>
        postAs(t.app, reader, apiPaths.notices.seenByUsers, { id: Notice_ID, userId: reader.id }),
      ),
    );
    expect(answers.map((res) => res.statusCode).filter((status) => status !== 200)).toEqual([]);
    expect(answers.every((res) => res.json<{ recorded: boolean }>().recorded)).toBe(true);
    expect(await readCount(Notice_ID)).toBe(READERS);
  });

  it(`${REPEATS} reads by one user at once record one`, async () => {
    const { Notice_ID } = await createNoticeAs(t.app, admin);
    const reader = await callerOf(t.app, 'customer');
    const answers = await Promise.all(
      Array.from({ length: REPEATS }, () =>
        postAs(t.app, reader, apiPaths.notices.seenByUsers, { id: Notice_ID, userId: reader.id }),
      ),
    );
    expect(answers.map((res) => res.statusCode).filter((status) => status !== 200)).toEqual([]);
    expect(answers.filter((res) => res.json<{ recorded: boolean }>().recorded)).toHaveLength(1);
    expect(await readCount(Notice_ID)).toBe(1);
  });
});
