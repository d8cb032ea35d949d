import { expect, test, type Page } from '@playwright/test';
import {
  createCustomer,
  enterOneTimeCode,
  requestOneTimeCode,
  storedProfile,
  userMenuButton,
} from './support/auth';
import { accounts } from './support/accounts';
import { expectNoAxeViolations, gotoHydrated } from './support/pages';

/**
 * Spec section 4, redirect link (hardening item 12): a protected link opened while signed out is stored when
 * sign-in starts from it, whichever sign-in button is used, and opened once after sign-in.
 */
const ARTICLE_PATH = '/docs?article=grant-remote-support-access';
const ARTICLE_TITLE = 'Granting support temporary access to your Controller';

const article = (page: Page) => page.getByRole('article', { name: ARTICLE_TITLE });

async function expectArticleReadable(page: Page): Promise<void> {
  await expect(page).toHaveURL(ARTICLE_PATH);
  await expect(
    article(page).getByText('a support engineer may ask to look at your Controller'),
  ).toBeVisible();
  await expect(article(page).getByText('Sign in to read this article.')).toHaveCount(0);
  expect(await storedProfile(page)).toMatchObject({ signState: 'signedIn', redirectLink: null });
}

test('customer sign-in from the header on a protected article lands on the article', async ({
  page,
  request,
  baseURL,
}) => {
  const customer = await createCustomer(request, baseURL ?? '');
  const { since } = await requestOneTimeCode(page, customer.email, ARTICLE_PATH);
  await enterOneTimeCode(page, customer.email, since);
  await expectArticleReadable(page);
  await expect(userMenuButton(page, customer.name)).toBeVisible();
});

test("customer sign-in from the article's own prompt lands on the article, once", async ({
  page,
  request,
  baseURL,
}) => {
  const customer = await createCustomer(request, baseURL ?? '');
  await gotoHydrated(page, ARTICLE_PATH);
  await expect(article(page).getByText('Sign in to read this article.')).toBeVisible();
  await expectNoAxeViolations(page);
  await article(page).getByRole('link', { name: 'Customer Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Customer Login' });
  await dialog.getByLabel('Email').fill(customer.email);
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await enterOneTimeCode(page, customer.email, since);
  await expectArticleReadable(page);

  // Opened once: home stays home afterwards.
  await gotoHydrated(page, '/');
  await expect(page.getByRole('heading', { level: 1, name: /Support$/ })).toBeVisible();
  await expect(page).toHaveURL('/');
});

test('agent sign-in from a protected article lands on the article', async ({ page }) => {
  await gotoHydrated(page, ARTICLE_PATH);
  await expect(article(page).getByText('Sign in to read this article.')).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Agent Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agent Login' });
  await dialog.getByLabel('User').fill(accounts.agent.email);
  await dialog.getByLabel('Password').fill(accounts.agent.password);
  // Signed in at once, then through the ticketing system's authorization (/jiraAuth, /code) and home.
  const trackerAuthorized = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/jira/authenticateCode',
  );
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  expect((await trackerAuthorized).status()).toBe(200);
  await expectArticleReadable(page);
});

test('a login started on an ordinary page stores nothing', async ({ page }) => {
  await page.goto('/sla');
  await page.getByRole('banner').getByRole('link', { name: 'Customer Login' }).click();
  await expect(page.getByRole('dialog', { name: 'Customer Login' })).toBeVisible();
  expect((await storedProfile(page))?.redirectLink ?? null).toBeNull();
});

test('a login link loaded directly on a protected article stores the article, without the parameter', async ({
  page,
}) => {
  await gotoHydrated(page, `${ARTICLE_PATH}&login=customer`);
  await expect(page.getByRole('dialog', { name: 'Customer Login' })).toBeVisible();
  await expect(page).toHaveURL(ARTICLE_PATH);
  await expect.poll(async () => (await storedProfile(page))?.redirectLink).toBe(ARTICLE_PATH);
});
