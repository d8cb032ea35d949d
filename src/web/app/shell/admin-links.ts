import type { Link } from '../../../common/portal-config';
import { paths } from '../../lib/paths';

/**
 * Every page of the admin area, in the order of the Admin menu (the header's and the drawer's). Nothing an
 * admin needs may be reachable by URL only: a new admin page gets its entry here.
 */
export const ADMIN_LINKS: readonly Link[] = [
  { label: 'Manage Support Notices', href: paths.supportNotices.getHref() },
  { label: 'Notice readers', href: paths.users.getHref() },
  { label: 'Download records', href: paths.downloadRecords.getHref() },
  { label: 'Search analytics', href: paths.adminSearchAnalytics.getHref() },
  // Content sync status (the state of each content source's last load) belongs here once it has a page.
];
