import { expect, test } from '@playwright/test';
import { anonymousSupportItems, gatedSupportItems, portalConfig } from './support/portal-config';
import { gotoHydrated } from './support/pages';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test.describe('mobile menu at 375 px', () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, '/');
  });

  test('the desktop navigation gives way to the burger button', async ({ page }) => {
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Resources' })).toBeHidden();
    // Nothing is wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('opens, holds every header, menu and middle bar item, navigates and closes', async ({ page }) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();

    const expected = [
      ...anonymousSupportItems,
      ...portalConfig.menus.documentation,
      ...portalConfig.menus.header,
      ...portalConfig.middleBar.links,
      ...portalConfig.middleBar.cloudProviderStatus.items,
      ...portalConfig.middleBar.marketplace.items,
    ];
    for (const item of expected) {
      await expect(
        menu.getByRole('link', { name: item.label, exact: true }).and(menu.locator(`[href="${item.href}"]`)),
      ).toHaveCount(1);
    }
    // The menu's own links (the sign-in links below them are not menu items).
    await expect(menu.getByRole('navigation', { name: 'Mobile' }).getByRole('link')).toHaveCount(
      expected.length,
    );
    for (const item of gatedSupportItems) {
      await expect(menu.getByRole('link', { name: item.label, exact: true })).toHaveCount(0);
    }
    await expect(menu.getByRole('link', { name: 'Customer Login' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Agent Login' })).toBeVisible();

    await menu.getByRole('link', { name: 'SLA', exact: true }).click();
    await expect(page).toHaveURL('/sla');
    await expect(page.getByRole('heading', { level: 1, name: 'Support SLA' })).toBeVisible();
    await expect(menu).toBeHidden();
  });

  test('closes with its close button and with Escape', async ({ page }) => {
    const burger = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });

    await burger.click();
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    await burger.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(burger).toBeFocused();
  });
});
