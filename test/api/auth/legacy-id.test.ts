import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authCodeGrantOkSchema } from '../../../src/common/contracts/auth.js';
import { customerAccounts, users } from '../../../src/server/db/schema/index.js';
import {
  authCodeGrant,
  completeHelpdeskStep,
  initHelpdeskAuth,
  login,
  newBrowser,
  startAuthorization,
  verifyCode,
  type Browser,
} from '../../support/auth-flow.js';
import {
  createCustomer,
  createCustomerAccount,
  uniqueCustomerId,
  uniqueSuffix,
  type CreatedCustomer,
} from '../../support/factories.js';
import { useMailTestApp } from '../../support/use-test-app.js';

/**
 * A customer with no ID on file gives one at login (spec sections 4 and 5). It is theirs only once they
 * have proven the email with the one-time code: until then anybody who knows the address could claim an ID
 * of the same company for it and lock the owner out of their real one (hardening issue, item 6).
 */
describe('the ID a legacy customer gives at login is stored only once the email is proven', () => {
  const t = useMailTestApp({ accounts: false });

  /** A customer who signed up before IDs were required (no ID on file). */
  async function legacyCustomer(): Promise<string> {
    return (await createCustomer(t.app, { providedId: null })).email;
  }

  /** Two accounts of the legacy customers' company (example.com), one with a controller ID. */
  let companyId: string;
  let controllerId: string;
  let customer: CreatedCustomer;
  beforeAll(async () => {
    companyId = await createCustomerAccount(t.app, { emailDomain: 'example.com' });
    controllerId = await createCustomerAccount(t.app, {
      emailDomain: 'example.com',
      providedId: `CTRL-${uniqueSuffix().slice(0, 8).toUpperCase()}`,
    });
    customer = await createCustomer(t.app);
  });

  async function providedIdOf(email: string): Promise<string | null | undefined> {
    const [row] = await t.database.db
      .select({ providedId: users.providedId })
      .from(users)
      .where(eq(users.email, email));
    return row?.providedId;
  }

  /** The help-desk step up to the redirect back to the portal (`/zendeskAuth?code=&state=`). */
  async function proveEmail(browser: Browser, email: string): Promise<string> {
    const started = await startAuthorization(browser, await initHelpdeskAuth(browser));
    expect(started.statusCode).toBe(200);
    const code = await t.sink.waitForCode(email);
    const verified = await verifyCode(browser, started.json<{ requestId: string }>().requestId, code);
    expect(verified.statusCode).toBe(200);
    return verified.json<{ redirect: string }>().redirect;
  }

  it('a login with an ID and no code leaves the ID unset: the owner is still asked for theirs', async () => {
    const email = await legacyCustomer();
    const claimed = await login(newBrowser(t.app), email, companyId);
    expect(claimed.statusCode).toBe(200);
    expect(await providedIdOf(email)).toBeNull();

    const owner = await login(newBrowser(t.app), email);
    expect(owner.statusCode).toBe(400);
    expect(owner.json()).toMatchObject({ message: 'CONTROLLER_ID_REQUIRED' });
  });

  it('after the code and authCodeGrant the ID is on file, and later logins need only the email', async () => {
    const email = await legacyCustomer();
    const browser = newBrowser(t.app);
    // Typed in lower case between spaces: normalized before it is checked and filed.
    expect((await login(browser, email, ` ${controllerId.toLowerCase()} `)).statusCode).toBe(200);
    const redirect = await proveEmail(browser, email);
    // The code is right, but nothing is written before the portal's own authCodeGrant succeeds.
    expect(await providedIdOf(email)).toBeNull();
    const granted = await authCodeGrant(browser, redirect);
    expect(granted.statusCode).toBe(200);
    expect(authCodeGrantOkSchema.parse(granted.json()).userInfo.user.email).toBe(email);
    expect(await providedIdOf(email)).toBe(controllerId);

    expect((await login(newBrowser(t.app), email)).statusCode).toBe(200);
  });

  it('two sign-ins claiming different IDs: the first proven wins, the other is refused at authCodeGrant', async () => {
    const email = await legacyCustomer();
    const first = newBrowser(t.app);
    const second = newBrowser(t.app);
    expect((await login(first, email, companyId)).statusCode).toBe(200);
    expect((await login(second, email, controllerId)).statusCode).toBe(200);
    const firstRedirect = await proveEmail(first, email);
    const secondRedirect = await proveEmail(second, email);

    expect((await authCodeGrant(first, firstRedirect)).statusCode).toBe(200);
    expect(await providedIdOf(email)).toBe(companyId);

    const refused = await authCodeGrant(second, secondRedirect);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'Forbidden',
      message: expect.stringMatching(/another Controller ID or Customer ID is on file/),
    });
    expect(second.jar.get('portal_session')).toBeUndefined();
    expect(await providedIdOf(email)).toBe(companyId);
  });

  it('the ID checks apply again at authCodeGrant: an ID moved to another company is refused', async () => {
    const email = await legacyCustomer();
    const movingId = await createCustomerAccount(t.app, {
      providedId: uniqueCustomerId(),
      company: 'Example Corp (old)',
      emailDomain: 'example.com',
    });
    const browser = newBrowser(t.app);
    expect((await login(browser, email, movingId)).statusCode).toBe(200);
    const redirect = await proveEmail(browser, email);
    await t.database.db
      .update(customerAccounts)
      .set({ emailDomain: 'example.org' })
      .where(eq(customerAccounts.providedId, movingId));

    const refused = await authCodeGrant(browser, redirect);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/Controller ID or Customer ID/);
    expect(browser.jar.get('portal_session')).toBeUndefined();
    expect(await providedIdOf(email)).toBeNull();
  });

  it('a customer with an ID on file signs in as before (nothing is written)', async () => {
    const browser = newBrowser(t.app);
    expect((await login(browser, customer.email, customer.providedId ?? '')).statusCode).toBe(200);
    expect((await completeHelpdeskStep(browser, t.sink, customer.email)).statusCode).toBe(200);
    expect(await providedIdOf(customer.email)).toBe(customer.providedId);
  });
});
