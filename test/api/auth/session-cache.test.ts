import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../src/server/db/schema/index.js';
import { sha256Hex } from '../../../src/server/lib/tokens.js';
import { SESSION_ENDED } from '../../../src/server/services/auth/sessions.js';
import { get, post, signInWithPassword, type Browser } from '../../support/auth-flow.js';
import { createAgent, type CreatedStaff } from '../../support/factories.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const CACHE_MS = 60_000;

/** The raw session token of a browser's cookie jar. */
const tokenOf = (browser: Browser) => browser.jar.get('portal_session') ?? '';

/**
 * An instance keeps the sessions it resolved for SESSION_CACHE_MS, so a signed-in user's calls do
 * not each ask the database. Its own logouts and sign-ins take effect at once; another instance's are seen
 * within SESSION_CACHE_MS (here a minute, so that the kept copy is what answers).
 */
describe('sessions kept in memory (SESSION_CACHE_MS)', () => {
  let one: TestApp;
  let two: TestApp;
  let agent: CreatedStaff;

  beforeAll(async () => {
    one = await createTestApp({ accounts: false, env: { SESSION_CACHE_MS: String(CACHE_MS) } });
    two = await createTestApp({ sharedDatabase: one.database, env: { SESSION_CACHE_MS: String(CACHE_MS) } });
    agent = await createAgent(one.app);
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('a kept session answers without the database, and a deleted row is seen only after the cache time', async () => {
    const browser = await signInWithPassword(one.app, agent.email, agent.password);
    expect((await get(browser, '/api/zendesk/me')).statusCode).toBe(200);
    // Another instance ended it (its row is gone): this one still has its copy, for at most SESSION_CACHE_MS.
    await one.database.db.delete(sessions).where(eq(sessions.id, sha256Hex(tokenOf(browser))));
    expect((await get(browser, '/api/zendesk/me')).statusCode).toBe(200);
    // An instance that never kept it asks the database: the session is over there.
    const elsewhere: Browser = { app: two.app, jar: browser.jar };
    expect((await get(elsewhere, '/api/zendesk/me')).statusCode).toBe(401);
  });

  it("this instance's own logout ends the session at once, however recently it was kept", async () => {
    const browser = await signInWithPassword(one.app, agent.email, agent.password);
    const token = tokenOf(browser);
    expect((await get(browser, '/api/zendesk/me')).statusCode).toBe(200);
    expect((await post(browser, '/api/aggregator/logoutCustomer')).statusCode).toBe(200);
    const replay = await get(browser, '/api/zendesk/me', { cookie: `portal_session=${token}` });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ event: 'logout' });
  });

  it('a new sign-in in the same browser retires the kept copy of the session it replaces', async () => {
    const browser = await signInWithPassword(one.app, agent.email, agent.password);
    const first = tokenOf(browser);
    expect((await get(browser, '/api/zendesk/me')).statusCode).toBe(200);
    const again = await post(browser, '/api/zendesk/authenticate', {
      user: agent.email,
      pass: agent.password,
    });
    expect(again.statusCode).toBe(200);
    expect(tokenOf(browser)).not.toBe(first);
    const old = await get(browser, '/api/zendesk/me', { cookie: `portal_session=${first}` });
    expect(old.statusCode).toBe(401);
    // A request still on its way with the replaced cookie must not clear the new one (a live stream
    // reconnecting during a sign-in did, and signed the user out again).
    expect(old.headers['set-cookie']).toBeUndefined();
  });

  it('a kept session past its idle timeout is not answered from memory', async () => {
    const browser = await signInWithPassword(one.app, agent.email, agent.password);
    const me = await get(browser, '/api/zendesk/me');
    expect(me.statusCode).toBe(200);
    const resolver = one.app.sessions;
    const token = tokenOf(browser);
    // 61 minutes on, past the 60-minute idle timeout: the session is over, kept copy or not.
    const later = new Date(Date.now() + 61 * 60_000);
    expect(await resolver.resolve(token, later)).toBe(SESSION_ENDED);
    // Ended for good: the row is gone, so the token is now one of no session.
    expect(await resolver.resolve(token, later)).toBeNull();
  });
});
