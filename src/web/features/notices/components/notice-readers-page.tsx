import { AppLink } from '../../../components/app-link';
import { DataTable } from '../../../components/data-table';
import { paths } from '../../../lib/paths';
import { useNotice } from '../api/get-notice';
import { useNotices } from '../api/get-notices';
import { useSeenByUsers } from '../api/get-seen-by-users';
import { formatNoticeTime, NOTICE_TIME_ZONE } from '../lib/notice-time';
import { NoticeDescription } from './notice-description';
import { QueryState } from './query-state';
import classes from './notices.module.css';

const readersHref = (id: string) => `${paths.users.getHref()}?id=${id}`;

/** `/users` without a notice: the notices to choose from, newest first. */
function ChooseNotice() {
  const notices = useNotices();
  return (
    <>
      <p>Choose a notice to see who read it.</p>
      <QueryState isPending={notices.isPending} error={notices.error}>
        {() => {
          const items = notices.data?.Items ?? [];
          if (items.length === 0)
            return (
              <p>
                There are no notices yet.{' '}
                <AppLink href={paths.supportNotices.getHref()}>
                  Create one under Manage Support Notices
                </AppLink>
                .
              </p>
            );
          return (
            <ul className={classes.pickList} aria-label="Notices">
              {items.map((notice) => (
                <li key={notice.Notice_ID}>
                  <AppLink href={readersHref(notice.Notice_ID)}>{notice.title}</AppLink>
                  <span className={classes.pickMeta}>
                    {notice.type} · {formatNoticeTime(notice.startDate)} · {notice.userIDs.length}{' '}
                    {notice.userIDs.length === 1 ? 'reader' : 'readers'}
                  </span>
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
    </>
  );
}

/** The notice the readers read: title, type, dates and text. */
function TheNotice({ id }: { id: string }) {
  const notice = useNotice(id);
  return (
    <QueryState isPending={notice.isPending} error={notice.error}>
      {() => {
        const item = notice.data?.Item;
        if (!item) return null;
        return (
          <article className={classes.item} aria-labelledby="readers-notice-title">
            <h2 id="readers-notice-title" className={classes.title}>
              {item.title}
            </h2>
            <p className={classes.meta}>
              <span className={classes.type}>{item.type}</span>
              <span>Starts {formatNoticeTime(item.startDate)}</span>
              <span>Ends {formatNoticeTime(item.endDate)}</span>
              {item.active ? null : <span>Deleted</span>}
            </p>
            <NoticeDescription html={item.description} />
          </article>
        );
      }}
    </QueryState>
  );
}

/**
 * `/users?id=` (admins, spec section 2): the notice, then the users who read it (name, email, organisation,
 * when); without an id, the notices to choose from.
 */
export function NoticeReadersPage({ id }: { id: string }) {
  const readers = useSeenByUsers(id);
  if (id === '') return <ChooseNotice />;
  return (
    <>
      <TheNotice id={id} />
      <p className={classes.links}>
        <AppLink href={`${paths.notificationDetails.getHref()}?id=${id}#notice-history`}>
          Change history
        </AppLink>
        {' · '}
        <AppLink href={paths.users.getHref()}>Another notice</AppLink>
        {' · '}
        <AppLink href={paths.supportNotices.getHref()}>Manage Support Notices</AppLink>
      </p>
      <QueryState isPending={readers.isPending} error={readers.error}>
        {() => {
          const users = readers.data?.users ?? [];
          if (users.length === 0)
            return <p>Nobody has read this notice yet. Readers appear here once they open it.</p>;
          return (
            <DataTable
              caption={`Users who read the notice (${users.length})`}
              columns={['Name', 'Email', 'Organisation', 'Role', `Read (${NOTICE_TIME_ZONE})`]}
              label="Readers"
            >
              {users.map((user) => (
                <tr key={user.User_ID}>
                  <td>{user.name}</td>
                  <td>{user.email}</td>
                  <td>{user.organisation ?? '—'}</td>
                  <td>{user.role}</td>
                  <td className={classes.time}>{user.readAt ? formatNoticeTime(user.readAt) : '—'}</td>
                </tr>
              ))}
            </DataTable>
          );
        }}
      </QueryState>
    </>
  );
}
