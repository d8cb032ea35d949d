import { Alert, Button, SegmentedControl, TextInput, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Notice } from '../../../../common/contracts/notices';
import { isActiveNotice } from '../../../../common/notices';
import { AppLink } from '../../../components/app-link';
import { DataTable } from '../../../components/data-table';
import { paths } from '../../../lib/paths';
import { useDeletedNotices } from '../api/get-deleted-notices';
import { useNotices } from '../api/get-notices';
import { useRestoreNotice } from '../api/restore-notice';
import { formatNoticeTime } from '../lib/notice-time';
import { refusalText } from '../lib/refusal-text';
import { descriptionText } from './notice-description';
import { QueryState } from './query-state';
import classes from './notices.module.css';

/**
 * The dialogs load when one opens: Mantine's modal (its focus trap and scroll lock) and the notice form's
 * checks are a third of the page's code, and the list is what the page shows first.
 */
const NoticeDialog = lazy(async () => ({ default: (await import('./notice-dialog')).NoticeDialog }));
const DeleteNoticeDialog = lazy(async () => ({
  default: (await import('./delete-notice-dialog')).DeleteNoticeDialog,
}));

type Dialog =
  { kind: 'create' } | { kind: 'update'; notice: Notice } | { kind: 'delete'; notice: Notice } | null;

/** Which notices the table shows: the URL's `view` (none: current). */
const VIEWS = [
  { value: 'current', label: 'Current', caption: 'Active notices' },
  { value: 'expired', label: 'Expired', caption: 'Expired notices' },
  { value: 'deleted', label: 'Deleted', caption: 'Deleted notices' },
] as const;
type View = (typeof VIEWS)[number]['value'];

function viewOf(value: string | null): View {
  return VIEWS.find((view) => view.value === value)?.value ?? 'current';
}

/** How long "Notice created." and its like stay before they clear themselves. */
const STATUS_MS = 6000;

/** The longest plain-text excerpt of a description a row shows under the title. */
const EXCERPT_LENGTH = 140;

function excerpt(text: string): string {
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text;
}

/** The link to a notice's details page, where an admin reads its change history. */
function historyHref(notice: Notice): string {
  return `${paths.notificationDetails.getHref()}?id=${notice.Notice_ID}#notice-history`;
}

/**
 * `/support-notices` (admins, spec section 2): the notices (current, expired or deleted), searchable by title
 * and text (case-insensitive, the brief), with the create, update, delete and restore actions and links to
 * each notice's readers and change history. The search and the view are in the URL: Back restores them and
 * a link shares them.
 */
export function NoticesAdminPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const view = viewOf(params.get('view'));
  const notices = useNotices();
  const deleted = useDeletedNotices(view === 'deleted');
  const restore = useRestoreNotice();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [status, setStatus] = useState('');
  const [now] = useState(() => Date.now());

  // A status sentence is news about the last action only: it goes after a few seconds.
  useEffect(() => {
    if (status === '') return;
    const timer = setTimeout(() => setStatus(''), STATUS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const setParam = (name: 'q' | 'view', value: string, replace: boolean) => {
    setStatus('');
    restore.reset();
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === '' || (name === 'view' && value === 'current')) next.delete(name);
        else next.set(name, value);
        return next;
      },
      // Typing replaces the entry (Back leaves the page, not the last letter); a view is a step of its own.
      // flushSync: the box shows the URL, so the URL must change with each key, not in a later transition
      // (keys typed meanwhile would be lost).
      { replace, preventScrollReset: true, flushSync: true },
    );
  };

  const source = view === 'deleted' ? deleted : notices;
  const items = source.data?.Items;
  const texts = useMemo(
    () =>
      new Map(
        (items ?? []).map((notice) => [
          notice.Notice_ID,
          { text: descriptionText(notice.description), title: notice.title.toLowerCase() },
        ]),
      ),
    [items],
  );
  const needle = search.trim().toLowerCase();
  const shown = (items ?? []).filter((notice) => {
    if (view === 'current' && !isActiveNotice(notice, now)) return false;
    if (view === 'expired' && isActiveNotice(notice, now)) return false;
    const text = texts.get(notice.Notice_ID);
    return needle === '' || !text || text.title.includes(needle) || text.text.toLowerCase().includes(needle);
  });
  const caption = VIEWS.find((entry) => entry.value === view)?.caption ?? 'Notices';

  const done = (message: string) => {
    setDialog(null);
    setStatus(message);
  };
  const open = (next: Dialog) => {
    setStatus('');
    setDialog(next);
  };

  return (
    <>
      <div className={classes.filterBar} role="search" aria-label="Find notices">
        <TextInput
          className={classes.searchField}
          type="search"
          label="Search notices"
          value={search}
          onChange={(event) => setParam('q', event.currentTarget.value, true)}
        />
        <SegmentedControl
          aria-label="Show notices"
          data={VIEWS.map(({ value, label }) => ({ value, label }))}
          value={view}
          onChange={(value) => setParam('view', value, false)}
        />
        <Button className={classes.createButton} onClick={() => open({ kind: 'create' })}>
          Create notice
        </Button>
      </div>
      <p role="status" className={classes.status}>
        {status}
      </p>
      {restore.isError ? (
        <Alert color="red.9" role="alert">
          {refusalText(restore.error, 'The notice could not be restored. Please try again.')}
        </Alert>
      ) : null}
      <QueryState isPending={source.isPending} error={source.error}>
        {() =>
          shown.length === 0 ? (
            <p>
              {needle !== '' ? (
                <>
                  No {caption.toLowerCase()} match “{search.trim()}”.{' '}
                  <Button variant="subtle" size="compact-sm" onClick={() => setParam('q', '', false)}>
                    Clear the search
                  </Button>
                </>
              ) : view === 'deleted' ? (
                'No deleted notices. A notice you delete is kept here, and can be restored.'
              ) : view === 'expired' ? (
                'No expired notices. A notice shows here once its end has passed.'
              ) : (
                'No current notices. Create one with “Create notice”.'
              )}
            </p>
          ) : (
            <DataTable caption={caption} columns={['Notice', 'Type', 'Start', 'End', 'Readers', 'Actions']}>
              {shown.map((notice) => (
                <tr key={notice.Notice_ID}>
                  <td className={classes.noticeCell}>
                    <strong className={classes.rowTitle}>{notice.title}</strong>
                    <span className={classes.rowExcerpt}>
                      {excerpt(texts.get(notice.Notice_ID)?.text ?? '')}
                    </span>
                  </td>
                  <td>{notice.type}</td>
                  <td className={classes.time}>{formatNoticeTime(notice.startDate)}</td>
                  <td className={classes.time}>{formatNoticeTime(notice.endDate)}</td>
                  <td className={classes.time}>
                    <AppLink href={`${paths.users.getHref()}?id=${notice.Notice_ID}`}>
                      {notice.userIDs.length} {notice.userIDs.length === 1 ? 'reader' : 'readers'}
                      <VisuallyHidden> of the notice: {notice.title}</VisuallyHidden>
                    </AppLink>
                  </td>
                  <td>
                    <div className={classes.actions}>
                      {view === 'deleted' ? (
                        <Button
                          size="xs"
                          variant="default"
                          loading={restore.isPending && restore.variables === notice.Notice_ID}
                          onClick={() => {
                            setStatus('');
                            restore.mutate(notice.Notice_ID, {
                              onSuccess: () => setStatus(`Notice “${notice.title}” restored.`),
                            });
                          }}
                        >
                          Restore
                          <VisuallyHidden> notice: {notice.title}</VisuallyHidden>
                        </Button>
                      ) : (
                        <>
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => open({ kind: 'update', notice })}
                          >
                            Update
                            <VisuallyHidden> notice: {notice.title}</VisuallyHidden>
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            color="red.9"
                            onClick={() => open({ kind: 'delete', notice })}
                          >
                            Delete
                            <VisuallyHidden> notice: {notice.title}</VisuallyHidden>
                          </Button>
                        </>
                      )}
                      <AppLink href={historyHref(notice)} className={classes.historyLink}>
                        History
                        <VisuallyHidden> of the notice: {notice.title}</VisuallyHidden>
                      </AppLink>
                    </div>
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryState>
      <Suspense fallback={null}>
        {dialog?.kind === 'create' || dialog?.kind === 'update' ? (
          <NoticeDialog
            notice={dialog.kind === 'update' ? dialog.notice : null}
            onClose={() => setDialog(null)}
            onSaved={done}
          />
        ) : null}
        {dialog?.kind === 'delete' ? (
          <DeleteNoticeDialog
            notice={dialog.notice}
            onClose={() => setDialog(null)}
            onDeleted={() => done('Notice deleted.')}
          />
        ) : null}
      </Suspense>
    </>
  );
}
