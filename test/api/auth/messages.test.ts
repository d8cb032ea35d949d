import { beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_MESSAGES,
  loginOutcome,
  RATE_LIMIT_MESSAGE,
  SIGNUP_MESSAGES,
  signupMessage,
} from '../../../src/common/auth-messages.js';
import { AUTH_CODE_STATUS, AUTH_CODES, authErrorSchema } from '../../../src/common/contracts/auth.js';
import { login, newBrowser, post, type Browser } from '../../support/auth-flow.js';
import {
  createAgent,
  createCustomer,
  createCustomerAccount,
  type CreatedCustomer,
} from '../../support/factories.js';
import { useTestApp } from '../../support/use-test-app.js';

/**
 * Spec section 8: every login and signup message, reached through a real server answer and mapped to its
 * words by the same functions the modals use (`loginOutcome`, `signupMessage`).
 */

interface Refusal {
  status: number;
  code: string;
}

async function refusal(res: { statusCode: number; json: () => unknown }): Promise<Refusal> {
  const body = authErrorSchema.parse(res.json());
  return { status: res.statusCode, code: body.message };
}

function signup(browser: Browser, body: Record<string, unknown>) {
  return post(browser, '/api/auth/signup', { verified: true, ...body });
}

describe('login messages (spec section 8)', () => {
  const t = useTestApp({ accounts: false });
  let browser: Browser;
  let customer: CreatedCustomer;
  let legacy: CreatedCustomer;
  let otherCompanyId: string;
  let agentEmail: string;
  beforeAll(async () => {
    browser = newBrowser(t.app);
    customer = await createCustomer(t.app);
    // A customer from before IDs were asked: none on file.
    legacy = await createCustomer(t.app, { providedId: null });
    otherCompanyId = await createCustomerAccount(t.app, { emailDomain: 'other-company.example' });
    agentEmail = (await createAgent(t.app)).email;
  });

  it('USER_NOT_EXISTS: an unknown email', async () => {
    const r = await refusal(await login(browser, 'nobody@example.com'));
    expect(r).toEqual({ status: 404, code: AUTH_CODES.userNotExists });
    expect(loginOutcome(r.status, r.code)).toEqual({ kind: 'message', text: LOGIN_MESSAGES.userNotExists });
    expect(LOGIN_MESSAGES.userNotExists).toBe('User does not exist. Please sign up to continue.');
  });

  it('INVALID_EMAIL_ID: an ID other than the one on file', async () => {
    const r = await refusal(await login(browser, customer.email, otherCompanyId));
    expect(r).toEqual({ status: 403, code: AUTH_CODES.invalidEmailId });
    expect(loginOutcome(r.status, r.code)).toEqual({ kind: 'message', text: LOGIN_MESSAGES.invalidEmailId });
    expect(LOGIN_MESSAGES.invalidEmailId).toBe(
      'Email does not match exists with this Controller ID or Customer ID',
    );
  });

  it("INVALID_EMAIL_ID: an ID of another company's email domain, asked once", async () => {
    const r = await refusal(await login(browser, legacy.email, otherCompanyId));
    expect(r).toEqual({ status: 403, code: AUTH_CODES.invalidEmailId });
    expect(loginOutcome(r.status, r.code)).toEqual({ kind: 'message', text: LOGIN_MESSAGES.invalidEmailId });
  });

  it('INVALID_CONTROLLER_ID: a malformed ID, when asked and when one is on file', async () => {
    for (const [email, id] of [
      [legacy.email, 'BAD-ID'],
      [customer.email, 'CUST-12'],
    ] as const) {
      const r = await refusal(await login(browser, email, id));
      expect(r).toEqual({ status: 422, code: AUTH_CODES.invalidControllerId });
      expect(loginOutcome(r.status, r.code)).toEqual({
        kind: 'message',
        text: LOGIN_MESSAGES.invalidControllerId,
      });
    }
    expect(LOGIN_MESSAGES.invalidControllerId).toBe(
      'Controller ID or Customer ID not valid. Please login with valid Controller ID or Customer ID.',
    );
  });

  it('CONTROLLER_ID_REQUIRED (400): a user with no ID on file shows the ID field', async () => {
    const r = await refusal(await login(browser, legacy.email));
    expect(r).toEqual({ status: 400, code: AUTH_CODES.controllerIdRequired });
    expect(loginOutcome(r.status, r.code)).toEqual({ kind: 'ask-id' });
  });

  it('404 (ID_NOT_FOUND): a well-formed ID no account has', async () => {
    const r = await refusal(await login(browser, legacy.email, 'CUST-9999'));
    expect(r).toEqual({ status: 404, code: AUTH_CODES.idNotFound });
    expect(loginOutcome(r.status, r.code)).toEqual({ kind: 'message', text: LOGIN_MESSAGES.idNotFound });
    expect(LOGIN_MESSAGES.idNotFound).toBe('Controller ID or Customer ID not found');
  });

  it('409 is never produced by our login (mapping only): "already exists" text', () => {
    expect(loginOutcome(409, undefined)).toEqual({ kind: 'message', text: LOGIN_MESSAGES.emailExists });
    expect(LOGIN_MESSAGES.emailExists).toBe('Email address already exists. Click on Login');
  });

  it('other failure: a refused (cross-site) call reads "Credentials are invalid."', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: customer.email },
    });
    expect(res.statusCode).toBe(403);
    expect(loginOutcome(res.statusCode, res.json<{ message: string }>().message)).toEqual({
      kind: 'message',
      text: 'Credentials are invalid.',
    });
  });

  it('USE_AGENT_LOGIN (403): the app opens the agent login before mapping to words', async () => {
    const r = await refusal(await login(browser, agentEmail));
    expect(r).toEqual({ status: 403, code: AUTH_CODES.useAgentLogin });
    expect(AUTH_CODE_STATUS.USE_AGENT_LOGIN).toBe(403);
  });

  it('RATE_LIMITED maps to the rate-limit sentence', () => {
    expect(loginOutcome(429, AUTH_CODES.rateLimited)).toEqual({ kind: 'message', text: RATE_LIMIT_MESSAGE });
    expect(signupMessage(429, AUTH_CODES.rateLimited)).toBe(RATE_LIMIT_MESSAGE);
  });
});

describe('signup messages (spec section 8)', () => {
  const t = useTestApp({ accounts: false });
  let browser: Browser;
  let customer: CreatedCustomer;
  /** The ID of a company whose people write from example.com. */
  let companyId: string;
  beforeAll(async () => {
    browser = newBrowser(t.app);
    customer = await createCustomer(t.app);
    companyId = await createCustomerAccount(t.app, { emailDomain: 'example.com' });
  });

  it('success: the portal user, then the help-desk user, then login needs no ID', async () => {
    // The ID typed in lower case: the server normalizes it.
    const user = { email: 'New.Person@Example.com', name: 'New Person', providedId: companyId.toLowerCase() };
    const res = await signup(browser, user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK' });
    const created = await post(browser, '/api/zendesk/createUser', { user: { ...user, verified: true } });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ status: 'OK' });
    expect((await login(browser, 'new.person@example.com')).statusCode).toBe(200);
  });

  it('400 CONTROLLER_ID_REQUIRED: "Controller ID or Customer ID is required."', async () => {
    for (const providedId of [undefined, '', '   ']) {
      const body = {
        email: 'needs.id@example.com',
        name: 'Needs Id',
        ...(providedId === undefined ? {} : { providedId }),
      };
      const r = await refusal(await signup(browser, body));
      expect(r).toEqual({ status: 400, code: AUTH_CODES.controllerIdRequired });
      expect(signupMessage(r.status, r.code)).toBe(SIGNUP_MESSAGES.idRequired);
    }
    expect(SIGNUP_MESSAGES.idRequired).toBe('Controller ID or Customer ID is required.');
  });

  it('INVALID_EMAIL_ID: an ID of another email domain', async () => {
    const r = await refusal(
      await signup(browser, { email: 'someone@example.org', name: 'S', providedId: companyId }),
    );
    expect(r).toEqual({ status: 403, code: AUTH_CODES.invalidEmailId });
    expect(signupMessage(r.status, r.code)).toBe(SIGNUP_MESSAGES.invalidEmailId);
    expect(SIGNUP_MESSAGES.invalidEmailId).toBe(
      'Email does not match exists with this Controller ID or Customer ID.',
    );
  });

  it('409 EMAIL_EXISTS: "Email address already exists. Click on Login"', async () => {
    const r = await refusal(
      await signup(browser, {
        email: customer.email.toUpperCase(),
        name: 'Dup',
        providedId: customer.providedId,
      }),
    );
    expect(r).toEqual({ status: 409, code: AUTH_CODES.emailExists });
    expect(signupMessage(r.status, r.code)).toBe('Email address already exists. Click on Login');
  });

  it('other non-200: a malformed ID (422) or an unknown one (404)', async () => {
    const malformed = await refusal(
      await signup(browser, { email: 'x1@example.com', name: 'X', providedId: 'nope' }),
    );
    expect(malformed).toEqual({ status: 422, code: AUTH_CODES.invalidControllerId });
    const unknown = await refusal(
      await signup(browser, { email: 'x2@example.com', name: 'X', providedId: 'CTRL-FFFFFFFF' }),
    );
    expect(unknown).toEqual({ status: 404, code: AUTH_CODES.idNotFound });
    for (const r of [malformed, unknown])
      expect(signupMessage(r.status, r.code)).toBe(SIGNUP_MESSAGES.otherNon200);
    expect(SIGNUP_MESSAGES.otherNon200).toBe(
      'Controller ID or Customer ID not valid. Please Sign Up with a valid Controller ID or Customer ID.',
    );
  });

  it('help-desk user creation failing gives the "already exists" message', async () => {
    const res = await post(browser, '/api/zendesk/createUser', {
      user: {
        email: customer.email,
        name: customer.name,
        providedId: customer.providedId,
        verified: true,
      },
    });
    const r = await refusal(res);
    expect(r).toEqual({ status: 409, code: AUTH_CODES.emailExists });
    expect(signupMessage(r.status, r.code)).toBe(SIGNUP_MESSAGES.emailExists);
  });

  it('createUser is refused for an address the portal has no customer for', async () => {
    const r = await refusal(
      await post(browser, '/api/zendesk/createUser', {
        user: { email: 'stranger@example.com', name: 'S', verified: true },
      }),
    );
    expect(r).toEqual({ status: 404, code: AUTH_CODES.userNotExists });
  });

  it('a thrown call (no answer) reads "Credentials are invalid." (mapping only)', () => {
    expect(signupMessage(undefined, undefined)).toBe('Credentials are invalid.');
  });
});

describe('500 answers (spec section 8)', () => {
  const t = useTestApp({ accounts: false });
  beforeAll(async () => {
    // The database goes away under the running app: every call that needs it fails on our side.
    await t.database.handle.close();
  });

  it('login: "Error in logging the user. Please try again later."', async () => {
    const res = await login(newBrowser(t.app), 'someone@example.com');
    expect(res.statusCode).toBe(500);
    expect(loginOutcome(res.statusCode, res.json<{ message: string }>().message)).toEqual({
      kind: 'message',
      text: 'Error in logging the user. Please try again later.',
    });
  });

  it('signup: "Error in creating the user. Please try again later."', async () => {
    const res = await signup(newBrowser(t.app), {
      email: 'a@example.com',
      name: 'A',
      providedId: 'CUST-0000000001',
    });
    expect(res.statusCode).toBe(500);
    expect(signupMessage(res.statusCode, res.json<{ message: string }>().message)).toBe(
      'Error in creating the user. Please try again later.',
    );
  });
});
