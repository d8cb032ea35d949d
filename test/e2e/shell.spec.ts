import { expect, test } from '@playwright/test';
import { anonymousSupportItems, gatedSupportItems, portalConfig } from './support/portal-config';
import { controlledList, gotoHydrated } from './support/pages';

test.describe('site shell', () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, '/sla');
  });

  test('the logo links home', async ({ page }) => {
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: `${portalConfig.product.name} Support` }).click();
    await expect(page).toHaveURL('/');
    await expect(
      page.getByRole('heading', { level: 1, name: `${portalConfig.product.name} Support` }),
    ).toBeVisible();
  });

  test('the Support menu opens with the keyboard and holds every item an anonymous visitor may see', async ({
    page,
  }) => {
    const main = page.getByRole('navigation', { name: 'Main' });
    const button = main.getByRole('button', { name: 'Support', exact: true });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');

    const list = await controlledList(page, button);
    await expect(list).toBeVisible();
    for (const item of anonymousSupportItems) {
      await expect(list.getByRole('link', { name: item.label, exact: true })).toHaveAttribute(
        'href',
        item.href,
      );
    }
    await expect(list.getByRole('link')).toHaveCount(anonymousSupportItems.length);
    for (const item of gatedSupportItems) {
      await expect(list.getByRole('link', { name: item.label, exact: true })).toHaveCount(0);
    }

    // Arrow keys move through the links, Escape closes and gives focus back to the button.
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('link').nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(list.getByRole('link').last()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('the Documentation menu opens with ArrowDown and holds every item', async ({ page }) => {
    const button = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Documentation' });
    await button.focus();
    await page.keyboard.press('ArrowDown');
    const list = await controlledList(page, button);
    await expect(list.getByRole('link').first()).toBeFocused();
    for (const item of portalConfig.menus.documentation) {
      await expect(list.getByRole('link', { name: item.label, exact: true })).toHaveAttribute(
        'href',
        item.href,
      );
    }
    await expect(list.getByRole('link')).toHaveCount(portalConfig.menus.documentation.length);
    // Tabbing past the last link leaves the menu, which closes it.
    await page.keyboard.press('End');
    await page.keyboard.press('Tab');
    await expect(list).toBeHidden();
  });

  test('a menu link navigates inside the app and closes the menu', async ({ page }) => {
    const button = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Support', exact: true });
    await button.click();
    const list = await controlledList(page, button);
    await list.getByRole('link', { name: 'Service Descriptions' }).click();
    await expect(page).toHaveURL('/service-descriptions');
    await expect(page.getByRole('heading', { level: 1, name: 'Service Descriptions' })).toBeVisible();
    await expect(page).toHaveTitle(/^Service Descriptions \|/);
    await expect(list).toBeHidden();
  });

  test('a click outside closes an open menu', async ({ page }) => {
    const button = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Support', exact: true });
    await button.click();
    const list = await controlledList(page, button);
    await expect(list).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(list).toBeHidden();
  });

  test('header links and sign-in buttons', async ({ page }) => {
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const link of portalConfig.menus.header) {
      await expect(main.getByRole('link', { name: link.label, exact: true })).toHaveAttribute(
        'href',
        link.href,
      );
    }
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Customer Login' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Agent Login' })).toBeVisible();
  });

  test('middle bar: resource links and the two menus with every item', async ({ page }) => {
    const bar = page.getByRole('navigation', { name: 'Resources' });
    for (const link of portalConfig.middleBar.links) {
      await expect(bar.getByRole('link', { name: link.label, exact: true })).toHaveAttribute(
        'href',
        link.href,
      );
    }
    for (const group of [portalConfig.middleBar.cloudProviderStatus, portalConfig.middleBar.marketplace]) {
      const button = bar.getByRole('button', { name: group.label });
      await button.focus();
      await page.keyboard.press('Enter');
      const list = await controlledList(page, button);
      await expect(list).toBeVisible();
      for (const item of group.items) {
        await expect(list.getByRole('link', { name: item.label, exact: true })).toHaveAttribute(
          'href',
          item.href,
        );
      }
      await expect(list.getByRole('link')).toHaveCount(group.items.length);
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
    }
  });

  test('footer: social links by name, policy links, copyright and webmaster', async ({ page }) => {
    const footer = page.getByRole('contentinfo');
    for (const link of portalConfig.footer.social) {
      await expect(footer.getByRole('link', { name: link.label, exact: true })).toHaveAttribute(
        'href',
        link.href,
      );
    }
    const policies = footer.getByRole('navigation', { name: 'Policies' });
    for (const link of portalConfig.footer.policies) {
      await expect(policies.getByRole('link', { name: link.label, exact: true })).toHaveAttribute(
        'href',
        link.href,
      );
    }
    await expect(footer.getByText(portalConfig.footer.copyright)).toBeVisible();
    const { webmaster } = portalConfig.support;
    await expect(footer.getByRole('link', { name: webmaster.name })).toHaveAttribute(
      'href',
      `mailto:${webmaster.email}`,
    );
  });

  test('the announcement dismisses for this page view and is back after a reload', async ({ page }) => {
    const banner = page.getByRole('region', { name: 'Announcement' });
    await expect(banner).toContainText(portalConfig.banner.text);
    await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
    await expect(banner).toBeHidden();

    // Still dismissed after navigating inside the app (same page view)...
    await page.getByRole('contentinfo').getByRole('link', { name: 'Service Descriptions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Service Descriptions' })).toBeVisible();
    await expect(banner).toBeHidden();

    // ...but nothing is stored: a new page load shows it again.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Announcement' })).toContainText(portalConfig.banner.text);
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});
