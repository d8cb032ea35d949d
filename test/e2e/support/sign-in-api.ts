import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiPaths } from '../../../src/common/api-paths';
import {
  parseSessionUser,
  profileFor,
  SIGNED_OUT_PROFILE,
} from '../../../src/web/lib/session/session-profile';
import { readOneTimeCode, SESSION_STORAGE_KEY, userMenuButton } from './auth';
import { gotoHydrated } from './pages';

/**
 * Sign-in through the API, the calls the UI makes, for the setup projects (auth.setup.ts for the specs,
 * screenshots.setup.ts for the screenshot portal). The sign-in flows themselves are tested through the UI in
 * auth-*.spec.ts.
 */

async function sameOriginPost(request: APIRequestContext, url: string, data: object, origin: string) {
  const response = await request.post(url, { data, headers: { origin }, maxRedirects: 0 });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return response;
}

/** Saves the signed-in browser state: the HttpOnly session cookie and the profile the app keeps in localStorage. */
export async function saveSignedIn(page: Page, statePath: string, name: string) {
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
  await page.context().storageState({ path: statePath });
}

/** A customer's sign-in through the help desk's calls, as the UI makes them, with the code the SMTP sink got. */
export async function signInThroughHelpdesk(request: APIRequestContext, email: string, origin: string) {
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

/** An agent's or admin's sign-in: the credential form's call, then the tracker's authorization redirects. */
export async function signInStaff(page: Page, account: { email: string; password: string }, origin: string) {
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
}
