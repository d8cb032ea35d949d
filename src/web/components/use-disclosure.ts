import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';

/** Whether a blur on a widget's root takes the focus out of the whole widget (not to one of its parts). */
export function focusLeaves(event: FocusEvent<HTMLElement>): boolean {
  return !(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget);
}

/**
 * The WAI-ARIA disclosure pattern shared by the header's menus (site links, the user menu): a button with
 * aria-expanded and aria-controls that shows a panel, closed again when focus leaves the whole widget, when a
 * pointer goes down outside it, or by `closeToButton` (Escape), which gives focus back to the button.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (focusLeaves(event)) setOpen(false);
  }

  function closeToButton() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  const buttonProps = {
    ref: buttonRef,
    type: 'button' as const,
    'aria-expanded': open,
    'aria-controls': panelId,
    onClick: () => setOpen((value) => !value),
  };

  return { open, setOpen, panelId, rootRef, onBlur, closeToButton, buttonProps };
}
