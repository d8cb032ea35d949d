import type { Page } from '@playwright/test';

/**
 * Layout shifts without recent input, summed, recorded from before the first paint (as Lighthouse's CLS counts
 * them, without its session windows: a sum is never less than CLS).
 */
export async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts recorded by {@link recordShifts} once the page has loaded and its first fetches landed. */
export async function layoutShiftAfterLoad(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  // The app starts after the first paint and may fetch once it runs: give that a moment to land.
  await page.waitForTimeout(1000);
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}
