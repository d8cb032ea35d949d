import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The app's stylesheet written into the page template instead of linked from it. A linked stylesheet blocks
 * the first paint until a second request comes back: on Lighthouse's mobile profile (slow 4G) that was 310 ms
 * of the search page's first paint (bench/README.md, Lighthouse). Inside the page it arrives with the HTML,
 * compressed with it, and the kept page is compressed once per content load. Navigation inside the app does
 * not load HTML again, so only a full page load carries it. The policy already allows inline styles
 * (`style-src 'unsafe-inline'`, which Mantine's own style tags need).
 */

/** A stylesheet link as Vite writes it (`crossorigin`, no closing slash) or a formatter leaves it. */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/assets\/([\w.-]+\.css)"\s*\/?>/g;

/** `template` with each linked stylesheet of `clientDir/assets` as a `<style>` element. */
export async function inlineStylesheets(template: string, clientDir: string): Promise<string> {
  const files = [...template.matchAll(STYLESHEET_LINK)].map((match) => match[1] ?? '');
  const styles = new Map<string, string>();
  for (const file of files) {
    const css = await readFile(path.join(clientDir, 'assets', file), 'utf8');
    // A stylesheet that could end the element early stays linked.
    if (!/<\/style/i.test(css)) styles.set(file, css);
  }
  return template.replace(STYLESHEET_LINK, (link, file: string) => {
    const css = styles.get(file);
    return css === undefined ? link : `<style>${css}</style>`;
  });
}
