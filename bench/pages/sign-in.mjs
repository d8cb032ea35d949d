/**
 * Session cookies of the page bench's users, got through the API as the browser tests get theirs
 * (test/e2e/support/sign-in-api.ts): a customer through the help desk's one-time code (read from the portal's
 * log: without SMTP_URL the portal logs its mail), staff through the credential form's call.
 */
import { readFile } from 'node:fs/promises';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The cookies a series of calls sets, sent back with the next call (`name=value` only). */
function cookieJar() {
  const cookies = new Map();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    take(res) {
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
    get: (name) => cookies.get(name),
  };
}

async function call(baseUrl, jar, path, { method = 'GET', body } = {}) {
  const res = await fetch(new URL(path, baseUrl), {
    method,
    redirect: 'manual',
    headers: {
      origin: baseUrl,
      cookie: jar.header(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  jar.take(res);
  if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return res;
}

/** The session cookie of the jar as a `Cookie` header value. */
function sessionCookie(jar, who) {
  const value = jar.get('portal_session');
  if (!value) throw new Error(`the sign-in of ${who} set no session cookie`);
  return `portal_session=${value}`;
}

/** The one-time code the portal logged for `email` after `offset` bytes of its log. */
async function codeFromLog(logFile, email, offset) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const text = (await readFile(logFile, 'utf8')).slice(offset);
    for (const line of text.split('\n').reverse()) {
      if (!line.includes(email)) continue;
      const match = /one-time code is (\d{6})/.exec(line);
      if (match) return match[1];
    }
    await sleep(200);
  }
  throw new Error(`no one-time code for ${email} in ${logFile}`);
}

export async function signInCustomer(baseUrl, email, logFile) {
  const jar = cookieJar();
  await call(baseUrl, jar, '/api/auth/login', { method: 'POST', body: { email } });
  const init = await call(baseUrl, jar, '/zendeskInitAuth');
  const authorizeUrl = new URL(init.headers.get('location') ?? '', baseUrl);
  const logOffset = (await readFile(logFile, 'utf8')).length;
  const started = await call(baseUrl, jar, '/api/helpdesk/authorize/start', {
    method: 'POST',
    body: Object.fromEntries(authorizeUrl.searchParams),
  });
  const { requestId } = await started.json();
  const code = await codeFromLog(logFile, email, logOffset);
  const verified = await call(baseUrl, jar, '/api/helpdesk/authorize/verify', {
    method: 'POST',
    body: { requestId, code },
  });
  const { redirect } = await verified.json();
  const back = new URL(redirect, baseUrl);
  await call(baseUrl, jar, `/api/zendesk/authCodeGrant${back.search}`, { method: 'POST', body: {} });
  return sessionCookie(jar, email);
}

export async function signInStaff(baseUrl, { email, password }) {
  const jar = cookieJar();
  await call(baseUrl, jar, '/api/zendesk/authenticate', {
    method: 'POST',
    body: { user: email, pass: password },
  });
  return sessionCookie(jar, email);
}

/** A notice the admin writes, so the notice pages have one to show; answers its id. */
export async function writeNotice(baseUrl, adminCookie) {
  const res = await fetch(new URL('/api/noticesModule/notice', baseUrl), {
    method: 'POST',
    headers: { origin: baseUrl, cookie: adminCookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Controller 8.1 maintenance window',
      description:
        '<p>The hosted <strong>Controller</strong> is read-only during the upgrade to 8.1. Gateways keep forwarding traffic.</p>',
      type: 'Maintenance',
      startDate: '2026-01-01T09:00:00.000Z',
      endDate: '2099-12-31T17:00:00.000Z',
    }),
  });
  if (res.status !== 201) throw new Error(`writing a notice → ${res.status} ${await res.text()}`);
  const { Item } = await res.json();
  return Item.Notice_ID;
}
