import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, gotoHydrated } from './support/pages';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Tech Hub sections' });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search the Tech Hub' });

test('the sidebar lists the sections and opens an article', async ({ page }) => {
  await gotoHydrated(page, '/docs');
  await expect(page).toHaveTitle(/^Tech Hub \|/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tech Hub' })).toBeVisible();
  const section = sidebar(page).getByRole('button', { name: 'Getting Started' });
  await expect(section).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar(page).getByRole('button', { name: 'Firewall' })).toBeVisible();
  await expect(page.getByText('Choose an article from the sections')).toBeVisible();
  await expectNoAxeViolations(page);

  await section.click();
  await expect(section).toHaveAttribute('aria-expanded', 'true');
  await sidebar(page).getByRole('link', { name: 'Deploy your first spoke gateway' }).click();
  await expect(page).toHaveURL(/\/docs\?article=deploy-first-spoke-gateway$/);
  const article = page.getByRole('article', { name: 'Deploy your first spoke gateway' });
  await expect(article).toBeVisible();
  await expect(article.locator('p').nth(1)).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Deploy your first spoke gateway' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectNoAxeViolations(page);
});

test("an article's page holds its own section; another opens by keyboard and fetches its articles once", async ({
  page,
}) => {
  const detailCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/zendesk/getArticleDetails')) detailCalls.push(request.url());
  });
  await gotoHydrated(page, '/docs?article=deploy-first-spoke-gateway');
  const own = sidebar(page).getByRole('button', { name: 'Getting Started' });
  await expect(own).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar(page).getByRole('link', { name: 'Deploy your first spoke gateway' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const firewall = sidebar(page).getByRole('button', { name: 'Firewall' });
  await expect(firewall).toHaveAttribute('aria-expanded', 'false');
  expect(detailCalls).toEqual([]);

  await firewall.focus();
  await page.keyboard.press('Enter');
  await expect(firewall).toHaveAttribute('aria-expanded', 'true');
  const link = sidebar(page).getByRole('link', {
    name: 'Deploying FireNet for east-west and egress inspection',
  });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page);
  // Closed and opened again: the articles are kept.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(link).toBeVisible();
  expect(detailCalls).toHaveLength(1);

  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/docs\?article=deploy-firenet-inspection$/);
  await expect(
    page.getByRole('article', { name: 'Deploying FireNet for east-west and egress inspection' }),
  ).toBeVisible();
  await expect(link).toHaveAttribute('aria-current', 'page');
});

test('a protected article asks a visitor to sign in', async ({ page }) => {
  await gotoHydrated(page, '/docs?article=aws-govcloud-and-china-regions');
  const article = page.getByRole('article', { name: 'AWS GovCloud and China regions support' });
  await expect(article.getByText('Sign in to read this article.')).toBeVisible();
  await article.getByRole('link', { name: 'Customer Login' }).click();
  await expect(page.getByRole('dialog', { name: 'Customer Login' })).toBeVisible();
});

test('search runs on Enter only, shows results, and Back to home returns', async ({ page }) => {
  // A fake clock, so that "typing alone does nothing" is shown by moving time on, not by sleeping.
  await page.clock.install();
  // The search waits for Enter, not for a pause in typing: the app's behaviour, on its clock.
  await gotoHydrated(page, '/docs');
  await searchBox(page).fill('FireNet');
  // Typing alone does nothing, however long the user then waits.
  await page.clock.runFor(2_000);
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole('list', { name: 'Search results' })).toHaveCount(0);

  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\/docs\?q=FireNet$/);
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /results for “FireNet”/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(results).toHaveCount(0);
  await expect(page.getByText('Choose an article from the sections')).toBeVisible();
});

test('no results: the message and the advice', async ({ page }) => {
  await page.goto('/docs');
  await searchBox(page).fill('zzqxjvw');
  await searchBox(page).press('Enter');
  await expect(page.getByRole('heading', { name: 'No Search Results' })).toBeVisible();
  await expect(page.getByText('Check your spelling or try reframing the question')).toBeVisible();
  await expectNoAxeViolations(page);
});
