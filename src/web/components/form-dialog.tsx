import { Button } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { Dialog } from './dialog';
import classes from './dialog.module.css';

interface FormDialogProps {
  title: string;
  /** The submit button's label ("Create", "Save changes"). */
  submitLabel: string;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  /** The alerts and the fields, in order. */
  children: ReactNode;
}

/**
 * A create or edit dialog: a form named after the dialog, the browser's own validation off (the fields say
 * what is missing in words), then the submit button and Cancel. What the form keeps after a refused submit is
 * the caller's state, so closing is the only way anything typed goes.
 */
export function FormDialog({ title, submitLabel, pending, onSubmit, onClose, children }: FormDialogProps) {
  return (
    <Dialog title={title} onClose={onClose} size="lg">
      <form onSubmit={onSubmit} noValidate aria-label={title} className={classes.form}>
        {children}
        <div className={classes.actions}>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
          <Button type="button" variant="default" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
