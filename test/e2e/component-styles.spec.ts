import { expect, test, type Locator } from '@playwright/test';
import { expectNoAxeViolations } from './support/pages';
import { AUTH_STATE } from './support/signed-in';

/**
 * Components drawn with their styles where a check of the markup alone passes: a Mantine Button that is a
 * link keeps its white label (the portal's link colour once painted it the button's own blue), and the
 * priority radios are Mantine's (no native radio beside a bare disc). test/lint/mantine-styles.test.ts keeps
 * every component's stylesheet loaded; this looks at two of them as painted.
 */

test.use({ storageState: AUTH_STATE.customer });

const painted = (locator: Locator, property: 'color' | 'background-color' | 'appearance' | 'width') =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

test('the Create a ticket button shows its label on its blue, at 1280 and 375 px', async ({ page }) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 812 });
    await page.goto('/tickets');
    const button = page.getByRole('link', { name: 'Create a ticket' });
    await expect(button).toBeVisible();
    const [color, background] = [await painted(button, 'color'), await painted(button, 'background-color')];
    expect(color).toBe('rgb(255, 255, 255)');
    expect(background).not.toBe(color);
  }
  await expectNoAxeViolations(page);
});

test("the priority choices on /tickets/new are Mantine's radios, and the file picker says what it is", async ({
  page,
}) => {
  await page.goto('/tickets/new');
  const radio = page.getByRole('radio', { name: /^P1/ });
  await expect(radio).toBeVisible();
  // Mantine's radio draws its own circle: the native control is turned off and sized by the theme.
  expect(await painted(radio, 'appearance')).toBe('none');
  expect(parseFloat(await painted(radio, 'width'))).toBeGreaterThanOrEqual(16);
  // The attachment picker says what it is, rather than looking like an empty text box.
  await expect(page.getByRole('button', { name: /Attachments/ })).toContainText('Choose files to attach');
  await expectNoAxeViolations(page);
});
