import { useRef, useState, type KeyboardEvent } from 'react';
import { isUnreadNotice } from '../../../../common/notices';
import { useCan } from '../../../lib/session/use-can';
import { useSession } from '../../../lib/session/use-session';
import { AppLink } from '../../../components/app-link';
import { useDisclosure } from '../../../components/use-disclosure';
import { paths } from '../../../lib/paths';
import { useNotices } from '../api/get-notices';
import { useMarkAllRead } from '../api/mark-all-read';
import { noticeAge } from '../lib/notice-time';
import { useNoticeEvents } from '../lib/use-notice-events';
import classes from './notice-bell.module.css';
import { ClockText } from '../../../components/clock-text';

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
      />
    </svg>
  );
}

/** How many unread notices the bell's menu previews; the rest are a click on Notifications away. */
const PREVIEW_COUNT = 5;

/**
 * The notification bell of the header (spec section 2): the count of unread notices (active, not yet opened)
 * for everyone but admins, and a menu that previews the latest unread ones (title, type, age; each opens its
 * details) with "Mark all as read", then Home, Notifications and, for admins, Manage Support Notices. It also
 * keeps the notices live on every page (server-sent events): a notice that arrives updates count and preview.
 */
export function NoticeBell() {
  const session = useSession();
  const signedIn = session.signedIn && session.userId !== '';
  // Whoever manages the notices wrote them: no unread count, and the way to manage them.
  const manages = useCan('manageNotices');
  const notices = useNotices(signedIn);
  useNoticeEvents(signedIn);
  // The count is computed when the notices arrive; an end date passing while the page is open is rare enough.
  const [now] = useState(() => Date.now());
  const { open, setOpen, panelId, rootRef, onBlur, closeToButton, buttonProps } = useDisclosure();
  const notificationsLink = useRef<HTMLAnchorElement>(null);
  // The button goes with the last unread notice: the focus moves to Notifications first, staying in the menu.
  const markAll = useMarkAllRead(() => notificationsLink.current?.focus());
  if (!signedIn) return null;

  const unreadNotices = manages
    ? []
    : (notices.data?.Items ?? []).filter((notice) => isUnreadNotice(notice, session.userId, now));
  const unread = unreadNotices.length;
  const label = manages ? 'Notifications' : `Notifications, ${unread === 0 ? 'none' : unread} unread`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      closeToButton();
    }
  }

  const links = [
    { href: paths.home.getHref(), label: 'Home' },
    { href: paths.notifications.getHref(), label: 'Notifications' },
    ...(manages ? [{ href: paths.supportNotices.getHref(), label: 'Manage Support Notices' }] : []),
  ];
  return (
    <div ref={rootRef} className={classes.root} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button {...buttonProps} className={classes.bell} aria-label={label} data-testid="notice-bell">
        <BellIcon />
        {unread > 0 ? (
          <span className={classes.count} aria-hidden="true" data-testid="notice-count">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <div id={panelId} className={classes.panel} hidden={!open}>
        {manages ? null : (
          <section className={classes.preview} aria-labelledby={`${panelId}-unread`}>
            <p id={`${panelId}-unread`} className={classes.previewTitle}>
              {unread === 0 ? 'No unread notices' : `Unread notices (${unread})`}
            </p>
            {unread > 0 ? (
              <ul className={classes.list}>
                {unreadNotices.slice(0, PREVIEW_COUNT).map((notice) => (
                  <li key={notice.Notice_ID}>
                    <AppLink
                      href={`${paths.notificationDetails.getHref()}?id=${notice.Notice_ID}`}
                      className={classes.noticeLink}
                      onClick={() => setOpen(false)}
                    >
                      <span className={classes.noticeTitle}>{notice.title}</span>
                      <span className={classes.noticeMeta}>
                        {notice.type} · <ClockText text={() => noticeAge(notice.createdAt, Date.now())} />
                      </span>
                    </AppLink>
                  </li>
                ))}
              </ul>
            ) : null}
            {unread > 0 ? (
              <button
                type="button"
                className={classes.markAll}
                // Not `disabled`: a disabled button loses the focus, which would close the menu.
                aria-disabled={markAll.isPending}
                onClick={() => {
                  if (!markAll.isPending) markAll.mutate();
                }}
              >
                {markAll.isPending ? 'Marking all as read…' : 'Mark all as read'}
              </button>
            ) : null}
            {markAll.isError ? (
              <p role="alert" className={classes.error}>
                The notices could not be marked as read. Please try again.
              </p>
            ) : null}
          </section>
        )}
        <ul className={classes.list}>
          {links.map((link) => (
            <li key={link.href}>
              <AppLink
                ref={link.href === paths.notifications.getHref() ? notificationsLink : undefined}
                href={link.href}
                className={classes.link}
                onClick={() => setOpen(false)}
              >
                {link.label}
              </AppLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
