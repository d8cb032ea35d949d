import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { helpdeskSignInEvents } from '../../../src/server/connectors/helpdesk/builtin/schema.js';
import { APP_ORIGIN } from '../../support/http.js';
import { createAdmin, createCustomer, uniqueSuffix } from '../../support/factories.js';
import { createTestApp } from '../../support/test-app.js';
import { useMailTestApp, useResource } from '../../support/use-test-app.js';

/**
 * The built-in help desk's per-address limits of one-time codes (hardening issue, item 5). Everything here is
 * what an anonymous caller can do: the authorization page's API takes OAuth parameters anyone can forge, so
 * each call below comes from another client address, and alternately from two instances on one database.
 */

let ip = 0;
/** A client address no other call used, so the per-IP limit of the sign-in routes never plays a part. */
const nextIp = () => `198.51.100.${(ip += 1)}`;

function startPayload(email: string, role: 'customer' | 'agent' = 'customer') {
  return {
    response_type: 'code',
    client_id: 'portal',
    redirect_uri: `${APP_ORIGIN}/zendeskAuth`,
    scope: 'read',
    state: randomBytes(32).toString('base64url'),
    code_challenge: randomBytes(32).toString('base64url'),
    code_challenge_method: 'S256',
    role,
    login_hint: email,
  };
}

describe('one-time codes are limited per address, whatever the client address or instance', () => {
  const first = useMailTestApp({ accounts: false });
  /** A second instance on the first one's database, its mail going to the same sink. */
  const second = useResource(
    () => createTestApp({ env: { SMTP_URL: first.sink.url }, sharedDatabase: first.database }),
    (twin) => twin.close(),
  );
  /** A customer and an admin of the test's own; the first test spends the customer's codes. */
  let customerEmail = '';
  let adminEmail = '';
  beforeAll(async () => {
    customerEmail = (await createCustomer(first.app)).email;
    adminEmail = (await createAdmin(first.app)).email;
  });

  let calls = 0;
  /** Alternates between the two instances. */
  const instance = () => ((calls += 1) % 2 === 0 ? first : second);

  const start = (email: string, role: 'customer' | 'agent' = 'customer') =>
    instance().app.inject({
      method: 'POST',
      url: '/api/helpdesk/authorize/start',
      remoteAddress: nextIp(),
      headers: { origin: APP_ORIGIN },
      payload: startPayload(email, role),
    });

  const verify = (requestId: string, code: string) =>
    instance().app.inject({
      method: 'POST',
      url: '/api/helpdesk/authorize/verify',
      remoteAddress: nextIp(),
      headers: { origin: APP_ORIGIN },
      payload: { requestId, code },
    });

  /** A customer of the help desk of its own, so each test has an address with a fresh budget. */
  async function helpdeskCustomer(name: string): Promise<string> {
    const email = `${name}-${uniqueSuffix()}@example.com`;
    await first.app.connectors.helpdesk.createUser({ email, name, role: 'customer', providedId: null });
    return email;
  }

  async function startWithCode(email: string): Promise<{ requestId: string; code: string }> {
    const res = await start(email);
    expect(res.statusCode, res.body).toBe(200);
    return {
      requestId: res.json<{ requestId: string }>().requestId,
      code: await first.sink.waitForCode(email),
    };
  }

  const mailsTo = (email: string) => first.sink.messages.filter((mail) => mail.to.includes(email)).length;
  const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

  it('the sixth code request for one address in the window is refused with a clear 429, and no mail is sent', async () => {
    const email = customerEmail;
    for (let request = 1; request <= 5; request += 1) {
      const res = await start(email);
      expect(res.statusCode, `request ${request}: ${res.body}`).toBe(200);
      await first.sink.waitForCode(email);
    }
    expect(mailsTo(email)).toBe(5);

    const sixth = await start(email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['content-type']).toMatch(/^application\/json/);
    expect(sixth.json()).toEqual({
      error: 'Too Many Requests',
      message: expect.stringMatching(
        /^Too many sign-in codes were asked for this address\. Please try again in \d+ minutes?\.$/,
      ),
    });
    await expect(first.sink.waitForMail(email, { timeoutMs: 500 })).rejects.toThrow(/no mail/);
    expect(mailsTo(email)).toBe(5);
  });

  it('an address without an account, or of another role, gets the same answers', async () => {
    for (const [email, role] of [
      [`nobody-${uniqueSuffix()}@example.com`, 'customer'],
      [adminEmail, 'customer'],
    ] as const) {
      for (let request = 1; request <= 5; request += 1) {
        const res = await start(email, role);
        expect(res.statusCode, `${email} ${request}`).toBe(200);
        expect(Object.keys(res.json<object>()).sort()).toEqual(['requestId', 'sentTo']);
      }
      const sixth = await start(email, role);
      expect(sixth.statusCode, email).toBe(429);
      expect(sixth.json<{ message: string }>().message).toMatch(
        /^Too many sign-in codes were asked for this address\./,
      );
      expect(mailsTo(email)).toBe(0);
    }
  });

  it('the window slides: once the oldest request has left it, one more code is sent', async () => {
    const email = customerEmail;
    // The first test spent this address's five codes. Its oldest request now falls out of the window.
    const events = await first.database.db
      .select()
      .from(helpdeskSignInEvents)
      .where(and(eq(helpdeskSignInEvents.email, email), eq(helpdeskSignInEvents.kind, 'code')))
      .orderBy(helpdeskSignInEvents.createdAt);
    expect(events).toHaveLength(5);
    await first.database.db
      .update(helpdeskSignInEvents)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(helpdeskSignInEvents.id, events[0]?.id ?? -1));
    await startWithCode(email);
    expect((await start(email)).statusCode).toBe(429);
  });

  it('requests arriving together at both instances get no more codes than the limit', async () => {
    const email = await helpdeskCustomer('crowd');
    const answers = await Promise.all(Array.from({ length: 8 }, () => start(email)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    for (let mail = 1; mail <= 5; mail += 1) await first.sink.waitForCode(email);
    await expect(first.sink.waitForMail(email, { timeoutMs: 300 })).rejects.toThrow(/no mail/);
  });

  it('a new code replaces the live one: only the latest can be used', async () => {
    const email = await helpdeskCustomer('replaced');
    const earlier = await startWithCode(email);
    const latest = await startWithCode(email);
    const stale = await verify(earlier.requestId, earlier.code);
    expect(stale.statusCode).toBe(400);
    expect(stale.json<{ message: string }>().message).toMatch(/expired or can no longer be used/);
    expect((await verify(latest.requestId, latest.code)).statusCode).toBe(200);
  });

  it('wrong codes are counted per address: starting again gives no fresh guesses beyond the budget', async () => {
    const email = await helpdeskCustomer('guesser');
    const a = await startWithCode(email);
    for (let guess = 1; guess <= 5; guess += 1) {
      expect((await verify(a.requestId, wrongCode(a.code))).statusCode).toBe(401);
    }
    const b = await startWithCode(email);
    for (let guess = 1; guess <= 3; guess += 1) {
      expect((await verify(b.requestId, wrongCode(b.code))).statusCode).toBe(401);
    }
    // Eight wrong codes so far; a fresh request gets the two left of the address's ten, not five.
    const c = await startWithCode(email);
    const ninth = await verify(c.requestId, wrongCode(c.code));
    expect(ninth.statusCode).toBe(401);
    expect(ninth.json()).toMatchObject({ message: 'The code is not correct. 1 attempt left.' });
    const tenth = await verify(c.requestId, wrongCode(c.code));
    expect(tenth.statusCode).toBe(401);
    expect(tenth.json<{ message: string }>().message).toMatch(
      /^The code is not correct\. Too many wrong codes were entered for this address/,
    );

    // The right code no longer helps, and no new code is sent.
    const right = await verify(c.requestId, c.code);
    expect(right.statusCode).toBe(429);
    expect(right.json<{ message: string }>().message).toMatch(
      /^Too many wrong codes were entered for this address\. Please try again in \d+ minutes?\.$/,
    );
    const sent = mailsTo(email);
    const refused = await start(email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Too many wrong codes were entered for this address\./,
    );
    await expect(first.sink.waitForMail(email, { timeoutMs: 300 })).rejects.toThrow(/no mail/);
    expect(mailsTo(email)).toBe(sent);
  });
});

describe('the per-address limits are settings', () => {
  const t = useMailTestApp({
    accounts: false,
    env: {
      SIGN_IN_CODES_PER_ADDRESS: '2',
      SIGN_IN_WRONG_CODES_PER_ADDRESS: '1',
      SIGN_IN_CODE_LIMIT_WINDOW_MINUTES: '5',
    },
  });

  it('SIGN_IN_CODES_PER_ADDRESS and SIGN_IN_WRONG_CODES_PER_ADDRESS are applied', async () => {
    const call = (url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress: nextIp(),
        headers: { origin: APP_ORIGIN },
        payload,
      });
    const { email } = await createCustomer(t.app);
    expect((await call('/api/helpdesk/authorize/start', startPayload(email))).statusCode).toBe(200);
    const started = await call('/api/helpdesk/authorize/start', startPayload(email));
    expect(started.statusCode).toBe(200);
    const third = await call('/api/helpdesk/authorize/start', startPayload(email));
    expect(third.statusCode).toBe(429);
    expect(third.json<{ message: string }>().message).toMatch(/Please try again in [1-5] minutes?\.$/);

    await t.sink.waitForCode(email);
    const code = await t.sink.waitForCode(email);
    const requestId = started.json<{ requestId: string }>().requestId;
    const wrong = await call('/api/helpdesk/authorize/verify', {
      requestId,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<{ message: string }>().message).toMatch(/Too many wrong codes/);
  });
});
