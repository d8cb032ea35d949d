import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through a form (at most
 * `limit` presses: a control that Tab never reaches fails the test).
 */
export async function tabTo(
  page: Page,
  target: Locator,
  limit = 10,
  direction: 'forward' | 'back' = 'forward',
) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(direction === 'forward' ? 'Tab' : 'Shift+Tab');
  }
  await expect(target).toBeFocused();
}
