import type { Notice } from '../../../../common/contracts/notices';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { useDeleteNotice } from '../api/delete-notice';
import { refusalText } from '../lib/refusal-text';

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
    <ConfirmDeleteDialog
      title="Delete notice"
      pending={remove.isPending}
      error={
        remove.isError
          ? refusalText(remove.error, 'The notice could not be deleted. Please try again.')
          : null
      }
      onConfirm={() => remove.mutate(notice.Notice_ID, { onSuccess: onDeleted })}
      onClose={onClose}
    >
      <p>
        Delete the {notice.type} notice “{notice.title}”? Customers no longer see it. You can restore it from
        the Deleted view.
      </p>
    </ConfirmDeleteDialog>
  );
}
