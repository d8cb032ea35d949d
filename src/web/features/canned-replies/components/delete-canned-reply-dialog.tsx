import { Alert, Button } from '@mantine/core';
import type { CannedReply } from '../../../../common/contracts/canned-replies';
import { Dialog } from '../../../components/dialog';
import { useDeleteCannedReply } from '../api/delete-canned-reply';
import { saveFailure } from '../lib/save-failure';
import classes from './canned-replies.module.css';

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
    <Dialog title="Delete canned reply" onClose={onClose}>
      <p>
        Delete “{reply.title}”? Agents no longer find it in the reply box. Replies already sent with it stay
        as they are. This cannot be undone.
      </p>
      {remove.isError ? (
        <Alert color="red.9" role="alert">
          {saveFailure(remove.error, 'deleted')}
        </Alert>
      ) : null}
      <div className={classes.actions}>
        <Button
          color="red.9"
          loading={remove.isPending}
          onClick={() => remove.mutate(reply.id, { onSuccess: () => onDeleted(`“${reply.title}” deleted.`) })}
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
