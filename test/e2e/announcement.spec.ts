import { expect, test, type Page } from '@playwright/test';
import { portalConfig } from './support/portal-config';
import { expectNoAxeViolations, gotoHydrated } from './support/pages';
import { AUTH_STATE } from './support/signed-in';

/**
 * The announcement is dismissed for the page view (spec section 1): it stays away on every page reached
 * inside the portal, from the menu drawer of a phone, the footer and the pages' own links, and nothing is
 * stored, so a new page load shows it again.
 */

test.use({
  storageState: AUTH_STATE.customer,
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
});

const banner = (page: Page) => page.getByRole('region', { name: 'Announcement' });

test('a dismissed announcement stays dismissed on every page of the page view', async ({ page }) => {
  await gotoHydrated(page, '/');
  await expect(banner(page)).toContainText(portalConfig.banner.text);
  await expectNoAxeViolations(page);
  await banner(page).getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(banner(page)).toBeHidden();
  // Focus goes on to the page rather than to the top of the document.
  await expect(page.getByRole('main')).toBeFocused();

  const viaMenu = async (label: string, heading: RegExp) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(banner(page), `no announcement on ${page.url()}`).toBeHidden();
  };
  await viaMenu('SLA', /Support SLA/);
  await viaMenu('Ticket Portal', /Ticket Portal/);
  // The page's own button to the ticket form.
  await page.getByRole('link', { name: 'Create a ticket' }).click();
  await expect(page).toHaveURL('/tickets/new');
  await expect(banner(page)).toBeHidden();
  await viaMenu('Downloads', /Downloads/);
  await page.getByRole('link', { name: 'API Collection page' }).click();
  await expect(page).toHaveURL('/downloads/api-collection');
  await expect(banner(page)).toBeHidden();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Service Descriptions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Service Descriptions' })).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL('/downloads/api-collection');
  await expect(banner(page)).toBeHidden();
  await expectNoAxeViolations(page);

  // A new page load is a new page view.
  await page.reload();
  await expect(banner(page)).toContainText(portalConfig.banner.text);
});
