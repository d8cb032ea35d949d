import { Button, Drawer } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { Link } from '../../../common/portal-config';
import { AppLink } from '../../components/app-link';
import { SignInButtons } from '../../features/auth/components/sign-in-buttons';
import { SiteSearchBox } from '../../features/site-search/components/site-search-box';
import { ROLE_LABELS } from '../../features/auth/components/user-menu';
import { logout } from '../../lib/session/session-actions';
import { useSession } from '../../lib/session/use-session';
import { useNavigation } from './use-navigation';
import classes from './mobile-nav.module.css';

interface MobileNavProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The phone menu: sign-in (or the account and Logout) at the top, the search, then every link of the header,
 * its menus (the Admin menu first, for admins) and the middle bar, from the same navigation model.
 */
export function MobileNav({ opened, onClose }: MobileNavProps) {
  const navigation = useNavigation();
  const session = useSession();
  const navigate = useNavigate();

  const sections: Array<{ title: string; links: Link[] }> = [
    // An admin's own pages first: they are what an admin opens the menu for.
    ...(navigation.admin ? [{ title: navigation.admin.label, links: navigation.admin.items }] : []),
    { title: navigation.support.label, links: navigation.support.items },
    { title: navigation.documentation.label, links: navigation.documentation.items },
    { title: 'More from us', links: navigation.headerLinks },
    { title: 'Resources', links: navigation.middleBarLinks },
    ...navigation.middleBarMenus.map((menu) => ({ title: menu.label, links: menu.items })),
  ];

  return (
    // The compound form, to make the drawer's header a <div>: Mantine renders a <header>, which would be a second
    // "banner" landmark next to the site header.
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="22rem">
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title className={classes.title}>Menu</Drawer.Title>
          <Drawer.CloseButton aria-label="Close menu" />
        </Drawer.Header>
        <Drawer.Body className={classes.body}>
          {/* Sign-in (or who is signed in) first: on a phone the drawer is the only way to it, and the links
              below run to several screens. */}
          {session.signedIn ? (
            <section className={classes.account} aria-label="Your account">
              <p className={classes.accountName}>
                <strong>{session.userName || session.userEmail}</strong>
                {session.role ? ` (${ROLE_LABELS[session.role]})` : null}
              </p>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  onClose();
                  void logout((to, options) => void navigate(to, options));
                }}
              >
                Logout
              </Button>
            </section>
          ) : (
            <div className={classes.account}>
              <SignInButtons layout="stacked" onChoose={onClose} />
            </div>
          )}
          <div className={classes.search}>
            <SiteSearchBox
              variant="compact"
              shortcutPriority={3}
              landmark="Search from the menu"
              onDone={onClose}
            />
          </div>
          <nav aria-label="Mobile">
            {sections.map((section) => (
              <section key={section.title} className={classes.section}>
                <h3 className={classes.sectionTitle}>{section.title}</h3>
                <ul className={classes.list}>
                  {section.links.map((link) => (
                    <li key={`${link.label}|${link.href}`}>
                      <AppLink href={link.href} className={classes.link} onClick={onClose}>
                        {link.label}
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
