import { Modal, type ModalRootProps } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: ModalRootProps['size'];
}

/**
 * Gives the focus back to what had it when the dialog opened, once the dialog is gone. Mantine does so only
 * when `opened` turns false, and this dialog is mounted open and unmounted to close: without this a keyboard
 * user was left on the page's <body>, to start again from the top. The opener is taken while the dialog first
 * renders, before the modal moves the focus inside.
 */
function useFocusBackToOpener() {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  useEffect(
    () => () => {
      // Only when the focus went with the dialog: a close that moved it on purpose (a link) keeps it.
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    },
    [opener],
  );
}

/**
 * A modal dialog as the portal's dialogs are built: Mantine's Modal, with its header a <div> (Mantine's
 * <header> would add a second "banner" landmark) and a labelled close button. Focus is trapped inside and
 * goes back to the opener on close; Escape closes.
 */
export function Dialog({ title, onClose, children, size }: DialogProps) {
  useFocusBackToOpener();
  return (
    <Modal.Root opened onClose={onClose} size={size} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
