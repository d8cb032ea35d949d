import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { accounts } from './accounts';
import { mailboxUrl } from './peers';

/** The key of the persisted profile (src/web/features/session/session-store.ts). */
export const SESSION_STORAGE_KEY = 'portal.session';

interface MailboxEntry {
  code: string;
  receivedAt: number;
}

/**
 * The one-time code the SMTP sink received for `email` at or after `since` (ms since epoch), polled from the
 * peers' mailbox. `since` keeps a test from reading an older code sent to the same address.
 */
export async function readOneTimeCode(email: string, since: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const response = await fetch(`${mailboxUrl}/codes/${encodeURIComponent(email)}`);
        if (!response.ok) return false;
        const entry = (await response.json()) as MailboxEntry;
        if (entry.receivedAt < since) return false;
        code = entry.code;
        return true;
      },
      { message: `a one-time code mailed to ${email}`, timeout: 15_000 },
    )
    .toBe(true);
  return code;
}

export interface TestCustomer {
  email: string;
  name: string;
  providedId: string;
}

/**
 * A customer of its own for one test, signed up through the API (signup, then the help-desk user), so tests
 * running in parallel never read each other's one-time codes. The Origin header stands in for the browser's:
 * the API refuses state-changing calls from other origins.
 */
export async function createCustomer(request: APIRequestContext, baseURL: string): Promise<TestCustomer> {
  const id = randomUUID().slice(0, 8);
  const customer = {
    email: `e2e-${id}@example.com`,
    name: `Test Customer ${id}`,
    providedId: accounts.customer.providedId,
  };
  const body = { ...customer, verified: true };
  const headers = { origin: baseURL };
  const signup = await request.post('/api/auth/signup', { data: body, headers });
  expect(signup.status(), await signup.text()).toBe(200);
  const helpdesk = await request.post('/api/zendesk/createUser', { data: { user: body }, headers });
  expect(helpdesk.status(), await helpdesk.text()).toBe(200);
  return customer;
}

export const header = (page: Page) => page.getByRole('banner');

/** The signed-in user's menu button in the header. */
export const userMenuButton = (page: Page, name: string) =>
  header(page).getByRole('button', { name, exact: true });

export async function openCustomerLogin(page: Page): Promise<Locator> {
  await header(page).getByRole('link', { name: 'Customer Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Customer Login' });
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function openAgentLogin(page: Page): Promise<Locator> {
  await header(page).getByRole('link', { name: 'Agent Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agent Login' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * On the help desk's authorization page: reads the code the sink received and enters it. `since` is when the
 * code was asked for (before the click that led here).
 */
export async function enterOneTimeCode(page: Page, email: string, since: number): Promise<void> {
  await expect(page).toHaveURL(/\/helpdesk\/authorize\?/);
  await expect(page.getByText('We sent a six-digit code to')).toBeVisible();
  const code = await readOneTimeCode(email, since);
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Opens Customer Login on `start`, types the email and presses Next. `since` is the moment before the click,
 * for reading the code the sink receives after it.
 */
export async function requestOneTimeCode(
  page: Page,
  email: string,
  start = '/',
): Promise<{ dialog: Locator; since: number }> {
  // Clicked as soon as it is painted, as a user does: Customer Login is a real link, which works before the
  // app runs (the new page opens the dialog once it does).
  await page.goto(start);
  const dialog = await openCustomerLogin(page);
  await dialog.getByLabel('Email').fill(email);
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Next' }).click();
  return { dialog, since };
}

/**
 * A customer's whole sign-in through the UI: the login modal, the one-time code from the SMTP sink, and back
 * home signed in. `providedId` answers the ID question if the server asks it.
 */
export async function signInCustomer(page: Page, customer: { email: string; name: string }, start = '/') {
  const { since } = await requestOneTimeCode(page, customer.email, start);
  await enterOneTimeCode(page, customer.email, since);
  await expect(userMenuButton(page, customer.name)).toBeVisible();
}

/**
 * Fills and submits the agent credential form, then waits for the whole way back home: the form goes on
 * through the ticketing system's authorization (/jiraAuth, /code) before landing on / again.
 */
export async function submitAgentCredentials(
  page: Page,
  dialog: Locator,
  account: { email: string; password: string },
): Promise<void> {
  await dialog.getByLabel('User').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  const trackerAuthorized = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/jira/authenticateCode',
  );
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  expect((await trackerAuthorized).status()).toBe(200);
  await expect(page).toHaveURL('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

/** An agent's or admin's sign-in through the credential form; ends signed in on the home page. */
export async function signInWithPassword(
  page: Page,
  account: { email: string; name: string; password: string },
) {
  // As soon as it is painted: Agent Login is a real link too.
  await page.goto('/');
  const dialog = await openAgentLogin(page);
  await submitAgentCredentials(page, dialog, account);
  await expect(userMenuButton(page, account.name)).toBeVisible();
}

/** The persisted profile as the app stored it (null when signed out with nothing stored). */
export async function storedProfile(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
}

export async function logoutFromMenu(page: Page, name: string): Promise<void> {
  await userMenuButton(page, name).click();
  await header(page).getByRole('button', { name: 'Logout' }).click();
  await expect(header(page).getByRole('link', { name: 'Customer Login' })).toBeVisible();
}
