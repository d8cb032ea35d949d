import { useEffect, useRef } from 'react';
import { DataTable } from '../../../components/data-table';
import { useCan } from '../../../lib/session/use-can';
import { useSession } from '../../../lib/session/use-session';
import { AppLink } from '../../../components/app-link';
import { paths } from '../../../lib/paths';
import { useNotice } from '../api/get-notice';
import { useNoticeChanges } from '../api/get-notice-changes';
import { useRecordNoticeRead } from '../api/record-notice-read';
import type { NoticeChange } from '../../../../common/contracts/notices';
import { formatNoticeTime, noticeAge } from '../lib/notice-time';
import { descriptionText, NoticeDescription } from './notice-description';
import { QueryState } from './query-state';
import classes from './notices.module.css';
import { ClockText } from '../../../components/clock-text';

const ACTION_LABELS = { created: 'Created', updated: 'Updated', deleted: 'Deleted' } as const;

/** A restore is stored as an update of `active` alone, from false to true. */
function actionLabel(change: NoticeChange): string {
  const [only, ...others] = change.fields;
  if (change.action === 'updated' && others.length === 0 && only?.field === 'active' && only.after === true)
    return 'Restored';
  return ACTION_LABELS[change.action];
}

function changedValue(field: string, value: string | boolean | null): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (field === 'description') return descriptionText(value);
  if (field === 'startDate' || field === 'endDate') return formatNoticeTime(value);
  return value;
}

/** The audit trail of a notice (admins): who changed what, when, before and after. */
function ChangeHistory({ id }: { id: string }) {
  const changes = useNoticeChanges(id, true);
  return (
    <section className={classes.section} aria-labelledby="notice-history">
      <h2 id="notice-history">Change history</h2>
      <QueryState isPending={changes.isPending} error={changes.error}>
        {() => (
          // The scroll region is named apart from the section around it: two regions of one name are
          // indistinguishable to a screen reader (axe landmark-unique).
          <DataTable
            caption="Change history"
            label="Changes of the notice"
            columns={['When', 'Who', 'Change', 'Field', 'Before', 'After']}
          >
            {(changes.data?.changes ?? []).flatMap((change) =>
              change.fields.map((field, index) => (
                <tr key={`${change.id}-${field.field}`}>
                  <td>{index === 0 ? formatNoticeTime(change.at) : ''}</td>
                  <td>{index === 0 ? (change.actor?.name ?? 'A deleted user') : ''}</td>
                  <td>{index === 0 ? actionLabel(change) : ''}</td>
                  <td>{field.field}</td>
                  <td>{changedValue(field.field, field.before)}</td>
                  <td>{changedValue(field.field, field.after)}</td>
                </tr>
              )),
            )}
          </DataTable>
        )}
      </QueryState>
    </section>
  );
}

/**
 * `/notification-details?id=` (spec section 2): one notice. Opening it records the reader (once), which
 * refreshes the notices and so drops the bell's count.
 */
export function NoticeDetailsPage({ id }: { id: string }) {
  const session = useSession();
  const readsSeenBy = useCan('readSeenBy');
  const manages = useCan('manageNotices');
  const notice = useNotice(id);
  const recordRead = useRecordNoticeRead();
  const recorded = useRef('');
  const item = notice.data?.Item;
  const alreadyRead = item ? item.userIDs.includes(session.userId) : true;

  useEffect(() => {
    if (!item || alreadyRead || recorded.current === item.Notice_ID) return;
    recorded.current = item.Notice_ID;
    recordRead.mutate({ id: item.Notice_ID, userId: session.userId });
  }, [item, alreadyRead, session.userId, recordRead]);

  if (id === '') return <p>No notice was named. Open one from your notifications.</p>;
  return (
    <>
      <QueryState isPending={notice.isPending} error={notice.error}>
        {() =>
          item ? (
            <article className={classes.item} aria-labelledby="notice-title">
              <h2 id="notice-title" className={classes.title}>
                {item.title}
              </h2>
              <p className={classes.meta}>
                <span className={classes.type}>{item.type}</span>
                <span>
                  Posted <ClockText text={() => noticeAge(item.createdAt, Date.now())} />
                </span>
                <span>Starts {formatNoticeTime(item.startDate)}</span>
                <span>Ends {formatNoticeTime(item.endDate)}</span>
                {item.active ? null : <span>Deleted</span>}
              </p>
              <NoticeDescription html={item.description} />
            </article>
          ) : null
        }
      </QueryState>
      <p className={classes.section}>
        <AppLink href={paths.notifications.getHref()}>All notifications</AppLink>
        {readsSeenBy ? (
          <>
            {' · '}
            <AppLink href={`${paths.users.getHref()}?id=${id}`}>Who read this notice</AppLink>
          </>
        ) : null}
        {manages ? (
          <>
            {' · '}
            <AppLink href={paths.supportNotices.getHref()}>Manage Support Notices</AppLink>
          </>
        ) : null}
      </p>
      {readsSeenBy && item ? <ChangeHistory id={id} /> : null}
    </>
  );
}
