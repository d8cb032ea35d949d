import type { CannedReply } from '../../../../common/contracts/canned-replies';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { useDeleteCannedReply } from '../api/delete-canned-reply';
import { saveFailure } from '../lib/save-failure';

/** Asks before a delete: agents no longer find the reply; replies already sent with it stay as they are. */
export function DeleteCannedReplyDialog({
  reply,
  onClose,
  onDeleted,
}: {
  reply: CannedReply;
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  const remove = useDeleteCannedReply();
  return (
    <ConfirmDeleteDialog
      title="Delete canned reply"
      pending={remove.isPending}
      error={remove.isError ? saveFailure(remove.error, 'deleted') : null}
      onConfirm={() => remove.mutate(reply.id, { onSuccess: () => onDeleted(`“${reply.title}” deleted.`) })}
      onClose={onClose}
    >
      <p>
        Delete “{reply.title}”? Agents no longer find it in the reply box. Replies already sent with it stay
        as they are. This cannot be undone.
      </p>
    </ConfirmDeleteDialog>
  );
}
