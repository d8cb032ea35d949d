/** The title the fixture's SSR bundle puts first in a page (the newest article), from the page's state. */
export function firstTitle(html: string): string {
  const match = /<script type="application\/json" id="portal-state">([\s\S]*?)<\/script>/.exec(html);
  const state = JSON.parse(match?.[1] ?? '{}') as { first?: string };
  return state.first ?? '';
}
