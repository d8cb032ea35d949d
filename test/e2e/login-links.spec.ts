import { expect, test } from '@playwright/test';
import { header } from './support/auth';
import { expectNoAxeViolations, gotoHydrated } from './support/pages';

/**
 * The sign-in buttons are links to the page with its login modal (`?login=customer|agent|signup`), so they work
 * before any script runs; once the app runs, they open the modal in place.
 */

test('a login link opens its modal when loaded directly, and the address loses the parameter', async ({
  page,
}) => {
  await gotoHydrated(page, '/sla?login=agent');
  const dialog = page.getByRole('dialog', { name: 'Agent Login' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL('/sla');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await gotoHydrated(page, '/search?q=gateway&login=customer');
  await expect(page.getByRole('dialog', { name: 'Customer Login' })).toBeVisible();
  await expect(page).toHaveURL('/search?q=gateway');
});

test('the sign-in links are links, and Enter on one opens its modal', async ({ page }) => {
  await gotoHydrated(page, '/sla');
  const customer = header(page).getByRole('link', { name: 'Customer Login' });
  await expect(customer).toHaveAttribute('href', '/sla?login=customer');
  await expect(header(page).getByRole('link', { name: 'Agent Login' })).toHaveAttribute(
    'href',
    '/sla?login=agent',
  );
  await customer.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Customer Login' })).toBeVisible();
  // Opened in place: no navigation, no extra history entry.
  await expect(page).toHaveURL('/sla');
});
