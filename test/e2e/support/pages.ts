import { expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/**
 * Opens a page and waits until React has hydrated it (the shell sets `data-hydrated` on <html>): before that
 * the server HTML is visible but buttons do nothing.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  return response;
}

/**
 * Runs axe once the page is still: a dialog that is fading in has its text at part opacity, and axe would
 * measure the contrast of that passing frame rather than of what the user reads.
 */
export async function expectNoAxeViolations(page: Page) {
  // A spinner runs for ever and is left out: only the finite transitions are waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
}

/** The list a disclosure button controls (its `aria-controls`). */
export async function controlledList(page: Page, button: Locator): Promise<Locator> {
  const id = await button.getAttribute('aria-controls');
  expect(id, 'the menu button names the list it controls').toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

/** Collects console errors and uncaught exceptions (a hydration mismatch shows up as one). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
