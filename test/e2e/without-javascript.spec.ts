import { expect, test, type Browser, type Page } from '@playwright/test';
import { header } from './support/auth';
import { accounts } from './support/accounts';
import { expectNoAxeViolations } from './support/pages';
import { AUTH_STATE } from './support/signed-in';

/**
 * With JavaScript off (or before it has run), the searches are real GET forms answered by the server with
 * their results, and the sign-in buttons are links (hardening item 10).
 */
test.use({ javaScriptEnabled: false });

const results = (page: Page) => page.getByRole('list', { name: /results$/ });
const chips = (page: Page) => page.getByRole('radiogroup', { name: 'Result sources' });
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

/**
 * axe runs in the page, and these pages run no script: the same server HTML is checked in a page with
 * JavaScript on for axe alone, the app's own scripts refused.
 */
async function expectServerHtmlAccessible(browser: Browser, baseURL: string | undefined, url: string) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(url);
    await expectNoAxeViolations(page);
  } finally {
    await context.close();
  }
}

test('/search: the form searches, the page shows results, chips and pagination, and page 2 by its link', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // axe in a second browser context
  await page.goto('/search');
  await page.getByRole('searchbox', { name: 'Search' }).fill('gateway');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=gateway$/);

  await expect(page.getByRole('heading', { level: 2, name: /results for “gateway”/ })).toBeVisible();
  await expect(chips(page).getByRole('radio')).toHaveCount(3);
  await expect(chips(page).getByText(/^Knowledge Base \(\d+\)$/)).toBeVisible();
  await expect(results(page).getByRole('listitem')).toHaveCount(10);
  await expect(results(page).locator('mark').first()).toBeVisible();
  await expect(pagination(page).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectServerHtmlAccessible(browser, baseURL, page.url());
  const firstPage = await results(page).getByRole('heading').allTextContents();

  await pagination(page).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/search\?q=gateway&chip=zendesk&page=2$/);
  await expect(pagination(page).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(results(page).getByRole('listitem')).toHaveCount(10);
  await expect(results(page).getByRole('heading')).not.toHaveText(firstPage);
});

test('/search keeps the chosen sources of the address in its form', async ({ page }) => {
  await page.goto('/search?q=BGP&sources=zendesk,git');
  await expect(chips(page).getByRole('radio')).toHaveCount(2);
  await page.getByRole('searchbox', { name: 'Search' }).fill('FireNet');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=FireNet&sources=zendesk%2Cgit$/);
  await expect(chips(page).getByRole('radio')).toHaveCount(2);
  await expect(results(page).getByRole('listitem').first()).toBeVisible();
});

test('/docs: the Tech Hub search runs and shows its results', async ({ page, browser, baseURL }) => {
  test.slow(); // axe in a second browser context
  await page.goto('/docs');
  const box = page.getByRole('searchbox', { name: 'Search the Tech Hub' });
  await box.fill('FireNet');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/docs\?q=FireNet$/);
  await expect(page.getByRole('heading', { level: 2, name: /results for “FireNet”/ })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expectServerHtmlAccessible(browser, baseURL, page.url());
});

test('the sign-in buttons are links to the page with its login modal', async ({ page }) => {
  await page.goto('/docs?article=grant-remote-support-access');
  await expect(header(page).getByRole('link', { name: 'Customer Login' })).toHaveAttribute(
    'href',
    '/docs?article=grant-remote-support-access&login=customer',
  );
  await expect(header(page).getByRole('link', { name: 'Agent Login' })).toHaveAttribute(
    'href',
    '/docs?article=grant-remote-support-access&login=agent',
  );
});

test.describe('signed in as an agent', () => {
  test.use({ storageState: AUTH_STATE.agent });

  test('the server renders the page for the user: their name in the header, their tickets in search', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(header(page).getByRole('button', { name: accounts.agent.name })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Agent Login' })).toHaveCount(0);
    // Tickets are an agent's source: the server searched as the agent (a visitor's search has no such chip).
    await page.goto('/search?q=gateway');
    await expect(chips(page).getByText(/^Tickets \(\d+\)$/)).toBeVisible();
  });
});
