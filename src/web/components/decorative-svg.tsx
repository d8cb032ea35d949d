import type { ReactNode } from 'react';

/**
 * An icon drawn for the eye only: hidden from assistive technology (the text or label beside it says what it
 * means) and never a tab stop (`focusable` for old Edge/IE-engine browsers that focus SVGs).
 */
export function DecorativeSvg(props: {
  className?: string;
  viewBox: string;
  size: number | string;
  fill?: string;
  children: ReactNode;
}) {
  return (
    <svg
      className={props.className}
      viewBox={props.viewBox}
      width={props.size}
      height={props.size}
      fill={props.fill}
      aria-hidden="true"
      focusable="false"
    >
      {props.children}
    </svg>
  );
}
