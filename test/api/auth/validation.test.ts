import { beforeAll, describe, expect, it } from 'vitest';
import { loginOutcome } from '../../../src/common/auth-messages.js';
import { authenticateOkSchema } from '../../../src/common/contracts/auth.js';
import { login, newBrowser, post, type Browser } from '../../support/auth-flow.js';
import {
  createAdmin,
  createAgent,
  createCustomer,
  uniqueCustomerId,
  type CreatedCustomer,
  type CreatedStaff,
} from '../../support/factories.js';
import { useTestApp } from '../../support/use-test-app.js';

/** Spec section 5: one test per validation rule of login, signup and the agent credential form. */
describe('validation rules (spec section 5)', () => {
  const t = useTestApp({ accounts: false });
  let browser: Browser;
  let customer: CreatedCustomer;
  let legacy: CreatedCustomer;
  let agent: CreatedStaff;
  /** Well-formed; the field checks come before any lookup, so no account needs to have it. */
  const someId = uniqueCustomerId();
  beforeAll(async () => {
    browser = newBrowser(t.app);
    customer = await createCustomer(t.app);
    legacy = await createCustomer(t.app, { providedId: null });
    agent = await createAgent(t.app);
  });

  it('login: a blank email (after trimming) is a 400 naming body.email', async () => {
    for (const email of ['', '   ']) {
      const res = await login(browser, email);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Bad Request' });
      expect(res.json<{ message: string }>().message).toContain('body.email');
    }
    const missing = await post(browser, '/api/auth/login', {});
    expect(missing.statusCode).toBe(400);
  });

  it('login: a blank ID when the ID is needed is CONTROLLER_ID_REQUIRED (the field stays shown)', async () => {
    const res = await login(browser, legacy.email, '   ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'CONTROLLER_ID_REQUIRED' });
    expect(loginOutcome(res.statusCode, 'CONTROLLER_ID_REQUIRED')).toEqual({ kind: 'ask-id' });
  });

  it('login: an email of the corporate domain is sent to the agent login', async () => {
    for (const email of [agent.email, 'Someone@ACME.example', 'ops@eu.acme.example']) {
      const res = await login(browser, email);
      expect(res.statusCode, email).toBe(403);
      expect(res.json(), email).toEqual({ error: 'Forbidden', message: 'USE_AGENT_LOGIN' });
    }
  });

  it('signup: email required', async () => {
    const res = await post(browser, '/api/auth/signup', {
      email: ' ',
      name: 'N',
      providedId: someId,
      verified: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('body.email');
  });

  it('signup: a malformed email is refused', async () => {
    const res = await post(browser, '/api/auth/signup', {
      email: 'not-an-email',
      name: 'N',
      providedId: someId,
      verified: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('body.email');
  });

  it('signup: name required', async () => {
    const res = await post(browser, '/api/auth/signup', {
      email: 'n@example.com',
      name: '  ',
      providedId: someId,
      verified: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('body.name');
  });

  it('signup: the Controller ID or Customer ID is required', async () => {
    const res = await post(browser, '/api/auth/signup', {
      email: 'n@example.com',
      name: 'N',
      verified: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'CONTROLLER_ID_REQUIRED' });
  });

  it('signup: an address of the corporate domain cannot sign up as a customer', async () => {
    const res = await post(browser, '/api/auth/signup', {
      email: 'new@acme.example',
      name: 'N',
      providedId: someId,
      verified: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'USE_AGENT_LOGIN' });
  });

  it('signup: `verified` must be true', async () => {
    const res = await post(browser, '/api/auth/signup', {
      email: 'n@example.com',
      name: 'N',
      providedId: someId,
      verified: false,
    });
    expect(res.statusCode).toBe(400);
  });

  it('credential form: an empty user or password is a 400', async () => {
    for (const body of [
      { user: '', pass: agent.password },
      { user: '  ', pass: agent.password },
      { user: agent.email, pass: '' },
      { user: agent.email },
    ]) {
      const res = await post(browser, '/api/zendesk/authenticate', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it("credential form: a failed sign-in is a 401 'Credentials are invalid.'", async () => {
    for (const body of [
      { user: agent.email, pass: 'wrong' },
      { user: 'nobody@acme.example', pass: agent.password },
      // Customers have no password: the form is for agents and admins.
      { user: customer.email, pass: agent.password },
    ]) {
      const res = await post(browser, '/api/zendesk/authenticate', body);
      expect(res.statusCode, body.user).toBe(401);
      expect(res.json()).toEqual({ error: 'Unauthorized', message: 'Credentials are invalid.' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('agent and admin sign-in with the credential form', () => {
  const t = useTestApp({ accounts: false });
  const staff: Partial<Record<'agent' | 'admin', CreatedStaff>> = {};
  beforeAll(async () => {
    staff.agent = await createAgent(t.app);
    staff.admin = await createAdmin(t.app);
  });

  it.each([
    ['agent', (address: string) => address],
    // The address as typed, in another case: it is normalized.
    ['admin', (address: string) => address.toUpperCase()],
  ] as const)(
    'an %s signs in, answers userInfo.JWTLogin and users[0], then goes to /jiraAuth',
    async (role, typed) => {
      const account = staff[role];
      if (!account) throw new Error(`no ${role}`);
      const { name, password } = account;
      const email = typed(account.email);
      const browser = newBrowser(t.app);
      const res = await post(browser, '/api/zendesk/authenticate', {
        user: email,
        pass: password,
        username: email,
        loginType: 'agent',
      });
      expect(res.statusCode).toBe(200);
      const body = authenticateOkSchema.parse(res.json());
      expect(body.userInfo.JWTLogin).toBe(true);
      expect(body.userInfo.users[0]).toMatchObject({ name, email: email.toLowerCase() });
      expect(body.userInfo.user).toMatchObject({ role, userType: 'agent', authLevel: 'zendesk' });
      expect(body.redirect).toBe('/jiraAuth');
      expect(JSON.stringify(body)).not.toMatch(/argon2|password/i);
      const me = await t.app.inject({ method: 'GET', url: '/api/zendesk/me', headers: browser.jar.header() });
      expect(me.json()).toMatchObject({ user: { email: email.toLowerCase(), role } });
    },
  );
});
