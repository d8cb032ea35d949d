import { expect, type Page } from '@playwright/test';
import { apiPaths } from '../../../src/common/api-paths';
import { openAgentLogin } from '../../e2e/support/auth';
import { gotoHydrated } from '../../e2e/support/pages';
import type { LoggedRequest } from '../../fakes/harness';
import { vendorFakes, vendorPortal } from './vendor-portal';

/**
 * Signing in on the all-vendor portal, and the fakes' HTTP controls the specs drive (the fakes run in
 * start-all.ts's process, not the test's).
 */

/** A control route of a fake: `POST` with a JSON body, or `GET`/`DELETE` without. */
export async function control(base: string, path: string, method = 'POST', body?: object): Promise<unknown> {
  const response = await fetch(`${base}/__fake/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.ok, `${method} ${base}/__fake/${path}: ${response.status}`).toBe(true);
  return response.status === 204 ? undefined : ((await response.json()) as unknown);
}

/** The fake's request log (every request but the control routes), oldest first. */
export async function fakeLog(base: string): Promise<LoggedRequest[]> {
  return ((await control(base, 'log', 'GET')) as { requests: LoggedRequest[] }).requests;
}

/**
 * On the Jira fake's consent page (the redirect of `/jiraAuth`): the site picker, then Accept; waits for the
 * portal's code exchange and the way home.
 */
export async function acceptJiraConsent(page: Page): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${vendorFakes.jira.authUrl}/authorize\\?`));
  await expect(page.getByRole('group', { name: 'Use app on' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: vendorFakes.jira.siteUrl })).toBeChecked();
  const authorized = page.waitForResponse(
    (response) => new URL(response.url()).pathname === apiPaths.tracker.authenticateCode,
  );
  await page.getByRole('button', { name: 'Accept' }).click();
  expect((await authorized).status()).toBe(200);
  await expect(page).toHaveURL(`${vendorPortal.baseURL}/`);
}

/**
 * An agent's or admin's sign-in with the credential form's call, then the tracker's authorization through the
 * Jira fake's consent page. With Jira on, `/jiraAuth` leads to Atlassian's consent, where a person must press
 * Accept, so the main suite's signInStaff (which expects the built-in tracker's silent redirect) cannot be used.
 */
export async function signInStaffWithJira(
  page: Page,
  account: { email: string; password: string },
): Promise<void> {
  const response = await page.request.post(apiPaths.helpdesk.authenticate, {
    data: { user: account.email, pass: account.password },
    headers: { origin: vendorPortal.baseURL },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(apiPaths.redirects.trackerInit);
  await acceptJiraConsent(page);
}

/**
 * An agent's whole sign-in through the vendors, as a person does it: Agent Login, the SSO button, the Entra
 * fake's sign-in page in the popup (Username, Sign in), then in the window itself the Zendesk fake's
 * authorization as the agent (Email, Allow) and the Jira fake's consent (site picker, Accept); ends home.
 */
export async function signInAgentThroughVendors(
  page: Page,
  account: { email: string },
  productName: string,
): Promise<void> {
  await gotoHydrated(page, '/');
  const dialog = await openAgentLogin(page);
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: `Sign in with ${productName} SSO` }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(new RegExp(`^${vendorFakes.entra.url}/`));
  await popup.getByLabel('Username').fill(account.email);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in', exact: true }).click();
  await closed;

  await expect(page).toHaveURL(new RegExp(`^${vendorFakes.zendesk.url}/oauth/authorizations/new\\?`));
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Allow' }).click();
  await acceptJiraConsent(page);
}
