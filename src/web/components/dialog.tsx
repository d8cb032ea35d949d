import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: ModalRootProps['size'];
}

/**
 * A modal dialog as the portal's dialogs are built: Mantine's Modal, with its header a <div> (Mantine's
 * <header> would add a second "banner" landmark) and a labelled close button. Focus is trapped inside and
 * goes back to the opener on close; Escape closes.
 */
export function Dialog({ title, onClose, children, size }: DialogProps) {
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
