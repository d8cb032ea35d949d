import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, gotoHydrated } from './support/pages';

/**
 * Search from every page (issue: search that finds what customers mean): the home page's box, the header's on
 * every page, the mobile menu's, suggestions chosen by keyboard, and `/` to focus the box.
 */

const resultsList = (page: Page) => page.getByRole('list', { name: /results$/ });

test('from the home page box, typed as soon as it is painted, Enter shows the results', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('search', { name: 'Search the support portal' }).getByRole('combobox');
  await box.fill('how do i deploy my first spoke gateway');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=how\+do\+i\+deploy\+my\+first\+spoke\+gateway/);
  await expect(
    resultsList(page).getByRole('link', { name: 'Deploy your first spoke gateway' }),
  ).toBeVisible();
});

test('from the header box on /sla', async ({ page }) => {
  await page.goto('/sla');
  const box = page.getByRole('search', { name: 'Site search' }).getByRole('combobox');
  await box.fill('saml sign in');
  await page.getByRole('search', { name: 'Site search' }).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search\?q=saml\+sign\+in/);
  await expect(resultsList(page).getByRole('listitem').first()).toBeVisible();
});

test('suggestions as one types, chosen by keyboard alone; axe-clean with the list open', async ({ page }) => {
  // The `/` shortcut and the suggestions are the app's: after it runs.
  await gotoHydrated(page, '/');
  await page.keyboard.press('/');
  const box = page.getByRole('search', { name: 'Search the support portal' }).getByRole('combobox');
  await expect(box).toBeFocused();
  await page.keyboard.type('signing in to the controller with sa');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list.getByRole('option').first()).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations(page);

  await page.keyboard.press('ArrowDown');
  const first = list.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
  await expect(first).toContainText('Signing in to the Controller with SAML SSO');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/docs\?article=/);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Signing in to the Controller with SAML SSO' }),
  ).toBeVisible();
});

test('Escape closes the suggestions, then clears the box; Enter without a choice searches', async ({
  page,
}) => {
  // The suggestions are the app's: after it runs (early typing: early-input.spec.ts).
  await gotoHydrated(page, '/');
  const box = page.getByRole('search', { name: 'Search the support portal' }).getByRole('combobox');
  await box.click();
  await page.keyboard.type('transit gat');
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue('transit gat');
  await page.keyboard.press('Escape');
  await expect(box).toHaveValue('');
  await page.keyboard.type('transit gateway');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=transit\+gateway/);
});

test('`/` focuses the header box on any page, but is typed as a character in a field', async ({ page }) => {
  // The `/` shortcut is the app's: after it runs.
  await gotoHydrated(page, '/sla');
  await page.keyboard.press('/');
  const box = page.getByRole('search', { name: 'Site search' }).getByRole('combobox');
  await expect(box).toBeFocused();
  await page.keyboard.type('a/b');
  await expect(box).toHaveValue('a/b');
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the mobile menu has the search box', async ({ page }) => {
    await gotoHydrated(page, '/sla');
    await expect(page.getByRole('search', { name: 'Site search' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const box = menu.getByRole('search', { name: 'Search from the menu' }).getByRole('combobox');
    await box.fill('licence renewal');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=licence\+renewal/);
    await expect(menu).toBeHidden();
    await expect(resultsList(page).getByRole('listitem').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header box is a GET form whose answer holds the results', async ({ page }) => {
    await page.goto('/sla');
    const form = page.getByRole('search', { name: 'Site search' });
    await form.getByRole('combobox').fill('copilot upgrade');
    await form.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?q=copilot\+upgrade/);
    await expect(resultsList(page).getByRole('listitem').first()).toBeVisible();
  });
});

for (const width of [1024, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the header holds the search box without scrolling sideways', async ({ page }) => {
      await gotoHydrated(page, '/sla');
      await expect(page.getByRole('search', { name: 'Site search' }).getByRole('combobox')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}
