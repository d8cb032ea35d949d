import { expect, test } from '@playwright/test';
import { portalConfig } from './support/portal-config';
import { gotoHydrated } from './support/pages';

const { webmaster } = portalConfig.support;

test('an unknown path is the No Page page with status 404 and the webmaster contact', async ({
  page,
  request,
}) => {
  const response = await request.get('/no/such/page');
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('The page is not available anymore.');

  await gotoHydrated(page, '/no/such/page');
  await expect(page).toHaveTitle(/^Page not found \|/);
  await expect(page.getByText('The page is not available anymore.')).toBeVisible();
  await expect(page.getByRole('main').getByText(webmaster.name)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: webmaster.email })).toHaveAttribute(
    'href',
    `mailto:${webmaster.email}`,
  );
  await page.getByRole('link', { name: 'Go to the support home page' }).click();
  await expect(page).toHaveURL('/');
});

test('routes the app does not have yet are the No Page page too', async ({ page }) => {
  const response = await page.goto('/support-services');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('The page is not available anymore.')).toBeVisible();
});
