import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test as setup, type APIRequestContext, type Page } from '@playwright/test';
import { apiPaths } from '../../src/common/api-paths';
import { parseSessionUser, profileFor, SIGNED_OUT_PROFILE } from '../../src/web/app/session/session-profile';
import { createCustomer, readOneTimeCode, SESSION_STORAGE_KEY, userMenuButton } from './support/auth';
import { accounts } from './support/accounts';
import { gotoHydrated } from './support/pages';
import { AUTH_STATE, type SignedInRole } from './support/signed-in';

/**
 * Signs in once per role through the API, the calls the UI makes, and saves the browser state (the HttpOnly
 * session cookie and the profile the app keeps in localStorage) for the specs that need a signed-in user but
 * are not about signing in. The sign-in flows themselves are tested through the UI in auth-*.spec.ts.
 */

mkdirSync(path.dirname(AUTH_STATE.customer), { recursive: true });

async function sameOriginPost(request: APIRequestContext, url: string, data: object, origin: string) {
  const response = await request.post(url, { data, headers: { origin }, maxRedirects: 0 });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return response;
}

/** The profile the app stores after a sign-in, written the same way (session-profile.ts), then the state saved. */
async function saveSignedIn(page: Page, role: SignedInRole, name: string) {
  const me = await page.request.get(apiPaths.helpdesk.me);
  expect(me.status()).toBe(200);
  const user = parseSessionUser(((await me.json()) as { user: unknown }).user);
  if (!user) throw new Error('the /me answer has no user');
  await gotoHydrated(page, '/');
  await page.evaluate(([key, profile]) => window.localStorage.setItem(key, profile), [
    SESSION_STORAGE_KEY,
    JSON.stringify(profileFor(user, SIGNED_OUT_PROFILE)),
  ] as const);
  await gotoHydrated(page, '/');
  await expect(userMenuButton(page, name)).toBeVisible();
  await page.context().storageState({ path: AUTH_STATE[role] });
}

/** A customer's sign-in through the help desk's calls, as the UI makes them, with the code the SMTP sink got. */
async function signInThroughHelpdesk(request: APIRequestContext, email: string, origin: string) {
  await sameOriginPost(request, apiPaths.auth.login, { email }, origin);
  const init = await request.get(apiPaths.redirects.helpdeskInit, { maxRedirects: 0 });
  const authorizeUrl = new URL(init.headers().location ?? '', origin);
  const since = Date.now();
  const started = await sameOriginPost(
    request,
    apiPaths.helpdesk.authorizeStart,
    Object.fromEntries(authorizeUrl.searchParams),
    origin,
  );
  const { requestId } = (await started.json()) as { requestId: string };
  const code = await readOneTimeCode(email, since);
  const verified = await sameOriginPost(
    request,
    apiPaths.helpdesk.authorizeVerify,
    { requestId, code },
    origin,
  );
  const { redirect } = (await verified.json()) as { redirect: string };
  const back = new URL(redirect, origin);
  await sameOriginPost(request, `${apiPaths.helpdesk.authCodeGrant}${back.search}`, {}, origin);
}

setup('a customer of its own, signed in through the help desk', async ({ page, baseURL }) => {
  const origin = baseURL ?? '';
  const customer = await createCustomer(page.request, origin);
  await signInThroughHelpdesk(page.request, customer.email, origin);
  await saveSignedIn(page, 'customer', customer.name);
});

setup(
  "the run's customer without download permission, signed in through the help desk",
  async ({ page, baseURL }) => {
    const account = accounts.customerWithoutDownloads;
    await signInThroughHelpdesk(page.request, account.email, baseURL ?? '');
    await saveSignedIn(page, 'customerWithoutDownloads', account.name);
  },
);

for (const role of ['agent', 'admin'] as const) {
  setup(
    `the run's ${role}, signed in with the credential form's call and the tracker authorized`,
    async ({ page, baseURL }) => {
      const origin = baseURL ?? '';
      const account = accounts[role];
      await sameOriginPost(
        page.request,
        apiPaths.helpdesk.authenticate,
        { user: account.email, pass: account.password },
        origin,
      );
      // The tracker's authorization is a browser redirect chain (/jiraAuth -> authorize -> /code), as after the form.
      const authorized = page.waitForResponse(
        (response) => new URL(response.url()).pathname === apiPaths.tracker.authenticateCode,
      );
      await page.goto(apiPaths.redirects.trackerInit);
      expect((await authorized).status()).toBe(200);
      await expect(page).toHaveURL('/');
      await saveSignedIn(page, role, account.name);
    },
  );
}
