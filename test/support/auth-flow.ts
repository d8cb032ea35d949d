import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/server/app.js';
import { CookieJar, SAME_ORIGIN } from './http.js';
import type { SmtpSink } from './peers/smtp-sink.js';

/**
 * Steps of the sign-in flows through `app.inject`, each carrying the browser's cookies in a jar, so a test
 * reads like what the browser does. Every step answers the raw response; the test asserts on it.
 */

export interface Browser {
  app: App;
  jar: CookieJar;
}

export function newBrowser(app: App): Browser {
  return { app, jar: new CookieJar() };
}

async function send(
  browser: Browser,
  request: { method: 'GET' | 'POST'; url: string; payload?: object; headers?: Record<string, string> },
): Promise<LightMyRequestResponse> {
  const res = await browser.app.inject({
    method: request.method,
    url: request.url,
    headers: {
      ...(request.method === 'POST' ? SAME_ORIGIN : {}),
      ...browser.jar.header(),
      ...request.headers,
    },
    ...(request.payload ? { payload: request.payload } : {}),
  });
  browser.jar.store(res.headers['set-cookie']);
  return res;
}

export const get = (browser: Browser, url: string, headers?: Record<string, string>) =>
  send(browser, { method: 'GET', url, ...(headers ? { headers } : {}) });
export const post = (browser: Browser, url: string, payload?: object, headers?: Record<string, string>) =>
  send(browser, { method: 'POST', url, ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) });

export function login(browser: Browser, email: string, providedId?: string) {
  return post(browser, '/api/auth/login', providedId === undefined ? { email } : { email, providedId });
}

/** `/zendeskInitAuth`: answers the help desk's authorization URL it redirected to (throws if it did not). */
export async function initHelpdeskAuth(browser: Browser): Promise<URL> {
  const res = await get(browser, '/zendeskInitAuth');
  const location = res.headers.location;
  if (
    res.statusCode !== 302 ||
    typeof location !== 'string' ||
    !location.startsWith('/helpdesk/authorize?')
  ) {
    throw new Error(
      `/zendeskInitAuth did not start the authorization: ${res.statusCode} ${String(location)}`,
    );
  }
  return new URL(location, 'http://localhost');
}

/** What the authorization page posts to start: its own query. */
export function startParams(authorizeUrl: URL): Record<string, string> {
  return Object.fromEntries(authorizeUrl.searchParams);
}

export function startAuthorization(browser: Browser, authorizeUrl: URL) {
  return post(browser, '/api/helpdesk/authorize/start', startParams(authorizeUrl));
}

export function verifyCode(browser: Browser, requestId: string, code: string) {
  return post(browser, '/api/helpdesk/authorize/verify', { requestId, code });
}

/** `/zendeskAuth?code=&state=` -> the page calls authCodeGrant with the same query. */
export function authCodeGrant(browser: Browser, redirect: string) {
  const query = new URL(redirect, 'http://localhost').search;
  return post(browser, `/api/zendesk/authCodeGrant${query}`);
}

/**
 * The help-desk part of a sign-in (after login, or after an agent's corporate sign-in): init, start, code
 * from the SMTP sink, verify, authCodeGrant. Answers the authCodeGrant response.
 */
export async function completeHelpdeskStep(browser: Browser, sink: SmtpSink, email: string) {
  const authorizeUrl = await initHelpdeskAuth(browser);
  const started = await startAuthorization(browser, authorizeUrl);
  if (started.statusCode !== 200) throw new Error(`start failed: ${started.statusCode} ${started.body}`);
  const code = await sink.waitForCode(email);
  const verified = await verifyCode(browser, started.json<{ requestId: string }>().requestId, code);
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  return authCodeGrant(browser, verified.json<{ redirect: string }>().redirect);
}

/** A whole customer sign-in; throws unless it ends with a session. */
export async function signInCustomer(
  app: App,
  sink: SmtpSink,
  email: string,
  providedId?: string,
): Promise<Browser> {
  const browser = newBrowser(app);
  const res = await login(browser, email, providedId);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const granted = await completeHelpdeskStep(browser, sink, email);
  if (granted.statusCode !== 200)
    throw new Error(`authCodeGrant failed: ${granted.statusCode} ${granted.body}`);
  return browser;
}

/** The credential form sign-in of a built-in agent or admin. */
export async function signInWithPassword(app: App, email: string, password: string): Promise<Browser> {
  const browser = newBrowser(app);
  const res = await post(browser, '/api/zendesk/authenticate', { user: email, pass: password });
  if (res.statusCode !== 200) throw new Error(`authenticate failed: ${res.statusCode} ${res.body}`);
  return browser;
}
