import type { Action } from '../../../common/policies';
import type { Link } from '../../../common/portal-config';
import { paths } from '../../lib/paths';

/**
 * Every page of the admin area, in the order of the Admin menu (the header's and the drawer's), each with the
 * action (common/policies.ts) its page needs. Nothing an admin needs may be reachable by URL only: a new admin
 * page gets its entry here.
 */
export const ADMIN_LINKS: readonly (Link & { action: Action })[] = [
  { label: 'Manage Support Notices', href: paths.supportNotices.getHref(), action: 'manageNotices' },
  { label: 'Notice readers', href: paths.users.getHref(), action: 'readSeenBy' },
  { label: 'Download records', href: paths.downloadRecords.getHref(), action: 'readDownloadRecords' },
  { label: 'Search analytics', href: paths.adminSearchAnalytics.getHref(), action: 'readSearchAnalytics' },
  { label: 'Content sync', href: paths.adminContentSync.getHref(), action: 'manageContentSync' },
  { label: 'Canned replies', href: paths.adminCannedReplies.getHref(), action: 'manageCannedReplies' },
];
