import type { Link, LinkGroup, MenuItem } from '../../../common/portal-config';
import { usePortalConfig } from '../../lib/portal-config-context';
import { canSeeMenuItem, sessionCan } from '../../lib/session/use-can';
import { useSession } from '../../lib/session/use-session';
import { ADMIN_LINKS } from './admin-links';

interface Navigation {
  support: { label: string; items: MenuItem[] };
  documentation: { label: string; items: Link[] };
  /** Professional Services, ACE, Community. */
  headerLinks: Link[];
  /** Tech Hub, On Demand Webinars, Video Libraries. */
  middleBarLinks: Link[];
  middleBarMenus: LinkGroup[];
  /** The admin area's pages the user may open; null when none (the server refuses the others too). */
  admin: { label: string; items: Link[] } | null;
}

/**
 * The site navigation from the config, filtered by the session. The desktop header, the middle bar and the
 * mobile menu all read this one model, so the mobile menu cannot drift from what the desktop shows.
 */
export function useNavigation(): Navigation {
  const config = usePortalConfig();
  const session = useSession();
  const adminLinks: Link[] = ADMIN_LINKS.filter((link) => sessionCan(session, link.action));
  return {
    support: {
      label: 'Support',
      items: config.menus.support.filter((item) => canSeeMenuItem(item, session)),
    },
    documentation: { label: 'Documentation', items: config.menus.documentation },
    headerLinks: config.menus.header,
    middleBarLinks: config.middleBar.links,
    middleBarMenus: [config.middleBar.cloudProviderStatus, config.middleBar.marketplace],
    admin: adminLinks.length > 0 ? { label: 'Admin', items: adminLinks } : null,
  };
}
