import type { Page } from '@playwright/test';

/**
 * Layout shifts without recent input, summed, recorded from before the first paint (as Lighthouse's CLS counts
 * them, without its session windows: a sum is never less than CLS).
 */
export async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number; layoutShiftSources: string[] };
    w.layoutShift = 0;
    w.layoutShiftSources = [];
    type Shift = { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[]) {
        if (entry.hadRecentInput) continue;
        w.layoutShift += entry.value;
        // What moved, so that a failing run names it (a shift seen only on a loaded machine is hard to repeat).
        for (const source of entry.sources ?? []) {
          const node = source.node;
          const name =
            node instanceof Element
              ? `${node.tagName.toLowerCase()}${node.className && typeof node.className === 'string' ? `.${node.className.split(' ').join('.')}` : ''}`
              : String(node?.nodeName ?? 'unknown');
          w.layoutShiftSources.push(`${entry.value.toFixed(3)} ${name}`);
        }
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
  const { shift, sources } = await page.evaluate(() => {
    const w = window as unknown as { layoutShift: number; layoutShiftSources: string[] };
    return { shift: w.layoutShift, sources: w.layoutShiftSources };
  });
  if (shift > 0.05) console.log(`layout shifts on ${page.url()}: ${sources.join('; ')}`);
  return shift;
}
