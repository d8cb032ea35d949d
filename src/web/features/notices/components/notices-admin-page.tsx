import { Alert, Button, TextInput, VisuallyHidden } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { Dialog } from '../../../components/dialog';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import type { Notice } from '../../../../common/contracts/notices';
import { AppLink } from '../../../components/app-link';
import { paths } from '../../../lib/paths';
import { useDeleteNotice } from '../api/delete-notice';
import { useNotices } from '../api/get-notices';
import { formatNoticeDate } from '../lib/notice-time';
import { NoticeDialog } from './notice-dialog';
import { descriptionText, NoticeDescription } from './notice-description';
import { QueryState } from './query-state';
import classes from './notices.module.css';

type Dialog =
  { kind: 'create' } | { kind: 'update'; notice: Notice } | { kind: 'delete'; notice: Notice } | null;

/** The first words of a notice: what tells one row's buttons from another's for a screen reader. */
function excerpt(notice: Notice): string {
  const text = descriptionText(notice.description);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** Asks before a delete; the notice disappears from every list once the server says so. */
function DeleteDialog({
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
        Delete the {notice.type} notice “{excerpt(notice)}”? Customers no longer see it.
      </p>
      {remove.isError ? (
        <Alert color="red.9" role="alert">
          {/* A 429's sentence says how long to wait. */}
          {remove.error instanceof ApiError && remove.error.status === 429 && remove.error.code
            ? remove.error.code
            : 'The notice could not be deleted. Please try again.'}
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

/**
 * `/support-notices` (admins, spec section 2): the active notices, searchable (case-insensitive, the brief),
 * with the create, update and delete dialogs and a link to each notice's readers.
 */
export function NoticesAdminPage() {
  const notices = useNotices();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [status, setStatus] = useState('');
  const items = notices.data?.Items;
  const texts = useMemo(
    () =>
      new Map(
        (items ?? []).map((notice) => [notice.Notice_ID, descriptionText(notice.description).toLowerCase()]),
      ),
    [items],
  );
  const needle = search.trim().toLowerCase();
  const shown = (items ?? []).filter(
    (notice) => needle === '' || (texts.get(notice.Notice_ID) ?? '').includes(needle),
  );
  const done = (message: string) => {
    setDialog(null);
    setStatus(message);
  };

  return (
    <>
      <div className={classes.toolbar}>
        <TextInput
          type="search"
          label="Search notices"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Button onClick={() => setDialog({ kind: 'create' })}>Create notice</Button>
      </div>
      <p role="status">{status}</p>
      <QueryState isPending={notices.isPending} error={notices.error}>
        {() =>
          shown.length === 0 ? (
            <p>No data found!</p>
          ) : (
            <DataTable
              caption="Active notices"
              columns={['Description', 'Type', 'Start', 'End', 'Readers', 'Actions']}
            >
              {shown.map((notice) => (
                <tr key={notice.Notice_ID}>
                  <td>
                    <NoticeDescription html={notice.description} />
                  </td>
                  <td>{notice.type}</td>
                  <td>{formatNoticeDate(notice.startDate)}</td>
                  <td>{formatNoticeDate(notice.endDate)}</td>
                  <td>
                    <AppLink href={`${paths.users.getHref()}?id=${notice.Notice_ID}`}>
                      {notice.userIDs.length} {notice.userIDs.length === 1 ? 'reader' : 'readers'}
                      <VisuallyHidden> of the notice: {excerpt(notice)}</VisuallyHidden>
                    </AppLink>
                  </td>
                  <td>
                    <div className={classes.actions}>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setDialog({ kind: 'update', notice })}
                      >
                        Update
                        <VisuallyHidden> notice: {excerpt(notice)}</VisuallyHidden>
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        color="red.9"
                        onClick={() => setDialog({ kind: 'delete', notice })}
                      >
                        Delete
                        <VisuallyHidden> notice: {excerpt(notice)}</VisuallyHidden>
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryState>
      {dialog?.kind === 'create' || dialog?.kind === 'update' ? (
        <NoticeDialog
          notice={dialog.kind === 'update' ? dialog.notice : null}
          onClose={() => setDialog(null)}
          onSaved={done}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteDialog
          notice={dialog.notice}
          onClose={() => setDialog(null)}
          onDeleted={() => done('Notice deleted.')}
        />
      ) : null}
    </>
  );
}
