import type { Page } from '@playwright/test';

type FirstSeen = Record<string, number>;
/** A CSS selector, or a selector and a text its element must contain. */
type Probe = string | [selector: string, text: string];

/**
 * Records, in the page's own clock (ms since navigation started), when each selector first matches, from the
 * first node the parser inserts. The order in which things stream in is then checked however slowly the
 * test polls: on a loaded machine a two-second wait or a one-second answer can be over before an
 * `expect` looks at the page.
 */
export async function recordFirstSeen(page: Page, probes: Record<string, Probe>) {
  await page.addInitScript((all: Record<string, Probe>) => {
    const seen: FirstSeen = {};
    (window as unknown as { firstSeen: FirstSeen }).firstSeen = seen;
    const matches = (probe: Probe) => {
      const [selector, text] = typeof probe === 'string' ? [probe, ''] : probe;
      return [...document.querySelectorAll(selector)].some((element) => element.textContent?.includes(text));
    };
    new MutationObserver(() => {
      for (const [name, probe] of Object.entries(all)) {
        if (seen[name] === undefined && matches(probe)) seen[name] = performance.now();
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, probes);
}

/** What `recordFirstSeen` has recorded so far: a probe never matched is absent. */
export function firstSeen(page: Page): Promise<FirstSeen> {
  return page.evaluate(() => ({ ...(window as unknown as { firstSeen: FirstSeen }).firstSeen }));
}
