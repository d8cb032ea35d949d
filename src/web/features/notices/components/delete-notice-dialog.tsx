import { Alert, Button } from '@mantine/core';
import type { Notice } from '../../../../common/contracts/notices';
import { Dialog } from '../../../components/dialog';
import { useDeleteNotice } from '../api/delete-notice';
import { refusalText } from '../lib/refusal-text';
import classes from './notices.module.css';

/** Asks before a delete; the notice disappears from every list once the server says so. */
export function DeleteNoticeDialog({
  notice,
  onClose,
  onDeleted,
}: {
  notice: Notice;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteNotice();
  return (
    <Dialog onClose={onClose} title="Delete notice">
      <p>
        Delete the {notice.type} notice “{notice.title}”? Customers no longer see it. You can restore it from
        the Deleted view.
      </p>
      {remove.isError ? (
        <Alert color="red.9" role="alert">
          {refusalText(remove.error, 'The notice could not be deleted. Please try again.')}
        </Alert>
      ) : null}
      <div className={classes.actions}>
        <Button
          color="red.9"
          loading={remove.isPending}
          onClick={() => remove.mutate(notice.Notice_ID, { onSuccess: onDeleted })}
        >
          Delete
        </Button>
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
