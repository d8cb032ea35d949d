import type { ReactNode } from 'react';
import classes from './table.module.css';

/**
 * Lets a wide table scroll sideways on a phone instead of widening the page. The region is focusable and named
 * so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.scroll} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
