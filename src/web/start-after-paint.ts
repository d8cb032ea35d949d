import { APP_LISTENING_EVENT } from './lib/app-listening';

/**
 * The only script a page names in its HTML (a classic `defer` script, built on its own by
 * scripts/build-start-after-paint.mjs): it adds the app's entry module and the `modulepreload` links of its
 * chunks once the server-rendered page has been painted. The server writes the tag with the entry in
 * `data-entry` and the chunks in `data-preload` (src/server/ssr/start-after-paint.ts).
 *
 * Why wait for the paint: the page is complete without scripts (real links and GET forms, see
 * test/e2e/input-before-hydration.spec.ts), but a module script or a modulepreload named in the HTML is fetched
 * and parsed while the page is still being laid out, and on a phone with two slow cores that parsing delays
 * the first frame with text in it (bench/README.md, Lighthouse: 1.4-2.6 s of simulated first paint on `/docs`
 * and `/search?q=gateway` with the scripts in the head, 0.8-1.2 s without them).
 *
 * Links and forms need no script, but a button that only the app handles (`type="button"`, every Mantine
 * button) does nothing until React listens. Such clicks are kept here and made again once it does
 * (APP_LISTENING_EVENT, once the whole page is hydrated), so a click as soon as the page is painted is not
 * lost.
 */
const earlyClicks: HTMLButtonElement[] = [];

function keepEarlyClick(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
  if (!(button instanceof HTMLButtonElement) || !button.closest('#root')) return;
  earlyClicks.push(button);
  // Kept, so not passed on: the page hydrates in slices (lib/hydration-slices.tsx), and a button of a slice
  // already hydrated would handle this click now and its replay again (a menu opened, then closed).
  event.stopPropagation();
}

document.addEventListener('click', keepEarlyClick, true);
document.addEventListener(
  APP_LISTENING_EVENT,
  () => {
    document.removeEventListener('click', keepEarlyClick, true);
    for (const button of earlyClicks.splice(0)) if (button.isConnected) button.click();
  },
  { once: true },
);

/**
 * Links added per task. Each `modulepreload` link starts a request as it enters the document, and on a phone's
 * slow cores the 40-50 links of a signed-in page took one task of 260-800 ms of Lighthouse's simulated CPU
 * (bench/README.md, the staff ticket pages): in tasks of a few links each, input and the first slices of
 * hydration are not held back by all of them.
 */
const LINKS_PER_TASK = 8;

function addPreloads(hrefs: readonly string[]): void {
  for (const href of hrefs.slice(0, LINKS_PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    // As on the module script: a preload fetched in another mode would not be the one the import uses.
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const rest = hrefs.slice(LINKS_PER_TASK);
  if (rest.length > 0) setTimeout(() => addPreloads(rest), 0);
}

function start(script: HTMLOrSVGScriptElement): void {
  const { entry, preload = '' } = script.dataset;
  if (!entry) return;
  const hrefs = preload.split(' ').filter(Boolean);
  // The first links, then the entry, then the rest in the tasks after: an import of the entry that is not
  // preloaded yet is asked for by the browser as it reads the entry anyway.
  addPreloads(hrefs);
  const module = document.createElement('script');
  module.type = 'module';
  module.crossOrigin = '';
  module.src = entry;
  document.head.append(module);
}

const script = document.currentScript;
if (script) {
  // A hidden page (a background tab, a prerender) paints no frame, so there is nothing to wait for; otherwise
  // a task queued from the next frame's callback runs once that frame has been presented.
  if (document.visibilityState === 'hidden') start(script);
  else requestAnimationFrame(() => setTimeout(() => start(script), 0));
}
