import { expect, test } from '@playwright/test';
import { collectPageErrors } from './support/pages';

/**
 * The app's code is asked for only once the server-rendered page has had a frame (src/web/start-after-paint.ts):
 * parsing it on a phone's slow cores must not hold back the first paint (bench/README.md, Lighthouse). The
 * page records, in order, each animation frame once the HTML has been parsed and the moment a module script
 * enters the document; module scripts named in the HTML would be recorded before any such frame.
 */
declare global {
  interface Window {
    startOrder?: string[];
  }
}

for (const path of ['/docs', '/search?q=gateway']) {
  test(`${path}: the page has a frame before the app's modules are added, then hydrates`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await page.addInitScript(() => {
      const order: string[] = [];
      window.startOrder = order;
      const frame = () => {
        if (document.readyState !== 'loading') order.push('frame');
        if (!order.includes('module')) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      new MutationObserver(() => {
        if (!order.includes('module') && document.querySelector('script[type="module"]'))
          order.push('module');
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const order = (await page.evaluate(() => window.startOrder)) ?? [];
    expect(order).toContain('module');
    expect(order.indexOf('frame'), `frames and modules in order: ${order.join(', ')}`).toBeGreaterThan(-1);
    expect(order.indexOf('frame')).toBeLessThan(order.indexOf('module'));
    // The chunks the route needs were preloaded next to the entry, not discovered by it.
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href),
    );
    expect(preloaded.some((href) => /\/assets\/(docs|search)-[\w-]+\.js$/.test(href))).toBe(true);
    expect(errors).toEqual([]);
  });
}
