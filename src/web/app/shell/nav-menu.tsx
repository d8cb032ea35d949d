import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Link } from '../../../common/portal-config';
import { AppLink } from '../../components/app-link';
import { DecorativeSvg } from '../../components/decorative-svg';
import { useDisclosure } from '../../components/use-disclosure';
import classes from './nav-menu.module.css';

interface NavMenuProps {
  label: string;
  items: Link[];
  /** `dark` on the header bar, `light` on the middle bar. */
  tone: 'dark' | 'light';
}

/**
 * A dropdown of site links in the WAI-ARIA disclosure navigation pattern: a button with aria-expanded that shows a
 * list of ordinary links. Enter or Space toggles it, ArrowDown/ArrowUp open it and move through the links,
 * Home/End jump, Escape closes it and returns to the button, and it closes when focus or a click goes elsewhere.
 *
 * Hand-written rather than Mantine's Menu: Menu brings a positioning engine, a portal and its own item roles,
 * about 28 KB gzipped on every page, while a list under a button needs none of that. The links are in the
 * server HTML too (only hidden), so they work for crawlers and appear as soon as the page is interactive.
 */
function linksIn(root: HTMLElement | null): HTMLAnchorElement[] {
  return Array.from(root?.querySelectorAll<HTMLAnchorElement>('a[href]') ?? []);
}

export function NavMenu({ label, items, tone }: NavMenuProps) {
  const { open, setOpen, panelId, rootRef, onBlur, closeToButton, buttonProps } = useDisclosure();
  // Which link to focus once the list is visible (it cannot take focus while still hidden).
  const pendingFocus = useRef<'first' | 'last' | null>(null);

  const links = () => linksIn(rootRef.current);

  useEffect(() => {
    if (!open) return;
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (target) {
      const list = linksIn(rootRef.current);
      (target === 'first' ? list[0] : list[list.length - 1])?.focus();
    }
  }, [open, rootRef]);

  function openAndFocus(which: 'first' | 'last') {
    pendingFocus.current = which;
    setOpen(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = links();
    const index = list.findIndex((link) => link === document.activeElement);
    let next: number | null = null;
    switch (event.key) {
      case 'Escape':
        if (!open) return;
        closeToButton();
        break;
      case 'ArrowDown':
        if (!open) openAndFocus('first');
        else next = index < 0 ? 0 : (index + 1) % list.length;
        break;
      case 'ArrowUp':
        if (!open) openAndFocus('last');
        else next = index < 0 ? list.length - 1 : (index - 1 + list.length) % list.length;
        break;
      case 'Home':
        if (!open || index < 0) return;
        next = 0;
        break;
      case 'End':
        if (!open || index < 0) return;
        next = list.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    if (next !== null) list[next]?.focus();
  }

  return (
    <div ref={rootRef} className={classes.root} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button {...buttonProps} className={classes.target} data-tone={tone}>
        {label}
        <DecorativeSvg className={classes.chevron} viewBox="0 0 16 16" size={14}>
          <path d="M3.5 6l4.5 4.5L12.5 6" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </DecorativeSvg>
      </button>
      <ul id={panelId} className={classes.dropdown} hidden={!open}>
        {items.map((item) => (
          <li key={`${item.label}|${item.href}`}>
            <AppLink href={item.href} className={classes.item} onClick={() => setOpen(false)}>
              {item.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
