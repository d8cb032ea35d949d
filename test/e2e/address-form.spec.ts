import { expect, test, type Locator, type Page } from '@playwright/test';
import { embargoMessage } from '../../src/common/downloads';
import { expectNoAxeViolations, gotoHydrated } from './support/pages';
import { AUTH_STATE } from './support/signed-in';

/**
 * The downloads wizard's address form (stage 2, deployments outside the United States) on a phone: the
 * country fields know the names people type ('UK', 'USA', 'Turkey'), the deployment country does not offer
 * the United States, and a refused Continue brings the error summary into view and focus.
 */

test.use({
  storageState: AUTH_STATE.customer,
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
});

const PRODUCT = 'Acme';

/** The input a label names (a country field's list of options is labelled by it too). */
const field = (page: Page, label: string) => page.getByLabel(label).and(page.locator('input'));

async function openAddressForm(page: Page) {
  await page.goto('/downloads');
  await page.getByRole('button', { name: 'No', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Addresses' })).toBeFocused();
}

/** The options a country field offers for what is typed into it, in their order. */
async function offered(page: Page, country: Locator, typed: string): Promise<Locator> {
  await country.click();
  await country.fill(typed);
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  return listbox;
}

/** The error summary: in view, with the focus, saying `text`. */
async function expectSummaryShown(page: Page, text: string) {
  const summary = page.getByRole('alert').filter({ hasText: text });
  await expect(summary).toBeFocused();
  await expect(summary).toBeInViewport({ ratio: 1 });
}

test('the country fields find countries by the short names people type', async ({ page }) => {
  await openAddressForm(page);
  const company = field(page, 'Company country');
  const aliases = [
    ['UK', 'United Kingdom'],
    ['USA', 'United States of America'],
    ['Turkey', 'Türkiye'],
    ['Russia', 'Russian Federation'],
    ['Iran', 'Islamic Republic of Iran'],
    ['Syria', 'Syrian Arab Republic'],
    ['North Korea', 'North Korea'],
    ['South Korea', 'South Korea'],
  ] as const;
  for (const [typed, shown] of aliases) {
    const listbox = await offered(page, company, typed);
    await expect(listbox.getByRole('option').first(), `'${typed}' offers ${shown} first`).toHaveText(shown);
  }
  // 'UK' used to offer Ukraine alone: the United Kingdom now comes first, then Ukraine.
  const listbox = await offered(page, company, 'UK');
  await expect(listbox.getByRole('option')).toHaveText(['United Kingdom', 'Ukraine']);
  await page.keyboard.press('Enter');
  await expect(company).toHaveValue('United Kingdom');
  await expectNoAxeViolations(page);
});

test('a field chosen right after a refused Continue keeps the focus, however late the page draws', async ({
  page,
}) => {
  await openAddressForm(page);
  const next = await page.getByRole('button', { name: 'Continue' }).elementHandle();
  const line1 = await field(page, 'Deployment address line 1').elementHandle();
  const kept = await page.evaluate(
    async ([button, input]) => {
      // A busy machine or a slow phone draws its next frame late; what waits for that frame waits with it.
      const drawFrame = window.requestAnimationFrame;
      window.requestAnimationFrame = () => 0;
      try {
        (button as HTMLButtonElement).click();
        await new Promise((resolve) => setTimeout(resolve, 0));
        // The person goes on at once to the first field (the summary has already said what is missing).
        (input as HTMLInputElement).focus();
        await new Promise((resolve) => setTimeout(resolve, 100));
        return document.activeElement === input;
      } finally {
        window.requestAnimationFrame = drawFrame;
      }
    },
    [next, line1],
  );
  expect(kept, 'the refused Continue took the focus back after the person had moved on').toBe(true);
  await expect(page.getByRole('alert')).toHaveText('Please fill all required fields');
});

test('the deployment country does not offer the United States, the company country does', async ({
  page,
}) => {
  await openAddressForm(page);
  const deployment = field(page, 'Deployment country');
  for (const typed of ['USA', 'United States']) {
    const listbox = await offered(page, deployment, typed);
    await expect(listbox.getByRole('option', { name: 'United States of America' })).toHaveCount(0);
  }
  await offered(page, deployment, 'USA');
  await expect(page.getByText('No country matches')).toBeVisible();
  await page.keyboard.press('Escape');

  const listbox = await offered(page, field(page, 'Company country'), 'USA');
  await expect(listbox.getByRole('option').first()).toHaveText('United States of America');
  await page.keyboard.press('Enter');
  await expect(field(page, 'Company country')).toHaveValue('United States of America');
});

test('a refused Continue scrolls to the error summary and gives it the focus, empty or embargoed', async ({
  page,
}) => {
  await openAddressForm(page);
  // Continue sits below both addresses: on a phone the summary above them is two screens up.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectSummaryShown(page, 'Please fill all required fields');
  await expectNoAxeViolations(page);

  await field(page, 'Deployment address line 1').fill('Malecon 1');
  await field(page, 'Deployment city/state/province').fill('Havana');
  const deployment = field(page, 'Deployment country');
  await offered(page, deployment, 'Cuba');
  await page.keyboard.press('Enter');
  await field(page, 'Company address line 1').fill('1 Main Street');
  await field(page, 'Company city/state/province').fill('London');
  await offered(page, field(page, 'Company country'), 'UK');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Continue' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('alert')).not.toBeInViewport();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectSummaryShown(page, embargoMessage(PRODUCT));
  await expect(page.getByText('Embargoed country', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the Yes and No, and the Back and Continue buttons stand apart', async ({ page }) => {
  await gotoHydrated(page, '/downloads');
  const gapBetween = async (first: Locator, second: Locator) => {
    const [a, b] = [await first.boundingBox(), await second.boundingBox()];
    if (!a || !b) throw new Error('the buttons have no box');
    return b.x - (a.x + a.width);
  };
  const yes = page.getByRole('button', { name: 'Yes', exact: true });
  const no = page.getByRole('button', { name: 'No', exact: true });
  expect(await gapBetween(yes, no)).toBeGreaterThanOrEqual(8);
  await no.click();
  const back = page.getByRole('button', { name: 'Back', exact: true });
  const next = page.getByRole('button', { name: 'Continue', exact: true });
  expect(await gapBetween(back, next)).toBeGreaterThanOrEqual(8);
  // The line of links below the wizard keeps its distance from the buttons too.
  const links = page.getByText('Postman collections of the controller');
  const [buttons, line] = [await back.boundingBox(), await links.boundingBox()];
  expect((line?.y ?? 0) - ((buttons?.y ?? 0) + (buttons?.height ?? 0))).toBeGreaterThanOrEqual(16);
});
