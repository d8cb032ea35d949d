import { SegmentedControl, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import {
  NOTICE_FILTERS,
  isUnreadNotice,
  matchesNoticeFilter,
  type NoticeFilter,
} from '../../../../common/notices';
import { useSession } from '../../../lib/session/use-session';
import { AppLink } from '../../../components/app-link';
import { paths } from '../../../lib/paths';
import { useNotices } from '../api/get-notices';
import { formatNoticeTime, noticeAge } from '../lib/notice-time';
import { NoticeDescription } from './notice-description';
import { QueryState } from './query-state';
import classes from './notices.module.css';
import { ClockText } from '../../../components/clock-text';

function isFilter(value: string): value is NoticeFilter {
  return (NOTICE_FILTERS as readonly string[]).includes(value);
}

/** `/notifications` (spec sections 2 and 9): the notices with the Active / Expired / View All filter. */
export function NotificationsPage() {
  const session = useSession();
  const notices = useNotices();
  const [filter, setFilter] = useState<NoticeFilter>('Active');
  const now = Date.now();

  return (
    <>
      <SegmentedControl
        aria-label="Show notices"
        data={[...NOTICE_FILTERS]}
        value={filter}
        onChange={(value) => {
          if (isFilter(value)) setFilter(value);
        }}
      />
      <QueryState isPending={notices.isPending} error={notices.error}>
        {() => {
          const shown = (notices.data?.Items ?? []).filter((notice) =>
            matchesNoticeFilter(notice, filter, now),
          );
          if (shown.length === 0)
            return (
              <p className={classes.section}>
                {filter === 'View All'
                  ? 'No notices yet. New ones appear here and under the bell as soon as they are posted.'
                  : `No ${filter.toLowerCase()} notices. Choose “View All” to see every notice.`}
              </p>
            );
          return (
            <ul className={classes.list} aria-label={`${filter} notices`}>
              {shown.map((notice) => {
                const unread = isUnreadNotice(notice, session.userId, now);
                return (
                  <li key={notice.Notice_ID} className={`${classes.item} ${unread ? classes.unread : ''}`}>
                    <h2 className={classes.title}>{notice.title}</h2>
                    <p className={classes.meta}>
                      <span className={classes.type}>{notice.type}</span>
                      <ClockText text={() => noticeAge(notice.createdAt, Date.now())} />
                      <span>
                        {formatNoticeTime(notice.startDate)} – {formatNoticeTime(notice.endDate)}
                      </span>
                      {unread ? <span>Unread</span> : null}
                    </p>
                    <NoticeDescription html={notice.description} />
                    <p>
                      <AppLink href={`${paths.notificationDetails.getHref()}?id=${notice.Notice_ID}`}>
                        View details
                        <VisuallyHidden> of the notice “{notice.title}”</VisuallyHidden>
                      </AppLink>
                    </p>
                  </li>
                );
              })}
            </ul>
          );
        }}
      </QueryState>
    </>
  );
}
