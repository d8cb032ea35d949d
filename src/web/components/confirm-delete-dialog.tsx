import { Alert, Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dialog } from './dialog';
import classes from './dialog.module.css';

interface ConfirmDeleteDialogProps {
  title: string;
  /** What the delete does to whom, and whether it can be undone. */
  children: ReactNode;
  pending: boolean;
  /** The server's refusal in words; the dialog stays open with it so the admin can try again or cancel. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an admin deletes something: Delete is the red button, Cancel (or Escape) leaves it as it is. */
export function ConfirmDeleteDialog({
  title,
  children,
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmDeleteDialogProps) {
  return (
    <Dialog title={title} onClose={onClose}>
      {children}
      {error === null ? null : (
        <Alert color="red.9" role="alert">
          {error}
        </Alert>
      )}
      <div className={classes.actions}>
        <Button color="red.9" loading={pending} onClick={onConfirm}>
          Delete
        </Button>
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
