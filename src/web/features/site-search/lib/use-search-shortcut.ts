import { useEffect } from 'react';

/** Marks the search boxes `/` may focus; the page's own (the home page's) comes before the header's. */
export const SHORTCUT_ATTRIBUTE = 'data-search-shortcut';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * `/` focuses the search box, as on most sites with one, unless the user is typing somewhere (then `/` is a
 * character) or holds a modifier. The first visible box marked with {@link SHORTCUT_ATTRIBUTE} wins.
 */
export function useSearchShortcut(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
        return;
      const boxes = Array.from(document.querySelectorAll<HTMLInputElement>(`input[${SHORTCUT_ATTRIBUTE}]`));
      const visible = boxes
        .filter((box) => box.getClientRects().length > 0)
        .sort(
          (a, b) => Number(b.getAttribute(SHORTCUT_ATTRIBUTE)) - Number(a.getAttribute(SHORTCUT_ATTRIBUTE)),
        );
      const box = visible[0];
      if (!box) return;
      event.preventDefault();
      box.focus();
      box.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
