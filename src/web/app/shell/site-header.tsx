import { Burger, Container } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { AppLink } from '../../components/app-link';
import { LogoMark } from '../../components/logo-mark';
import { paths } from '../../lib/paths';
import { usePortalConfig } from '../../lib/portal-config-context';
import { SignInButtons } from '../../features/auth/components/sign-in-buttons';
import { UserMenu } from '../../features/auth/components/user-menu';
import { NoticeBell } from '../../features/notices/components/notice-bell';
import { useSearchShortcut } from '../../features/site-search/lib/use-search-shortcut';
import { useSession } from '../../lib/session/use-session';
import { useNavigation } from './use-navigation';
import { NavMenu } from './nav-menu';
import classes from './site-header.module.css';

// The drawer (and Mantine's modal machinery under it) is only needed on a phone once the burger is pressed,
// so it stays out of the initial bundle.
const loadMobileNav = () => import('./mobile-nav');
const MobileNav = lazy(() => loadMobileNav().then((module) => ({ default: module.MobileNav })));

export function SiteHeader() {
  const config = usePortalConfig();
  const session = useSession();
  const navigation = useNavigation();
  const [mobileOpened, setMobileOpened] = useState(false);
  // Mount the drawer on first use only, then keep it mounted so its closing transition can run.
  const [mobileRequested, setMobileRequested] = useState(false);
  useSearchShortcut();

  return (
    <header className={classes.header}>
      <Container size="xl" className={classes.bar}>
        <Link to={paths.home.getHref()} className={classes.brand}>
          <LogoMark />
          <span className={classes.brandName}>{config.product.name}</span>
          <span className={classes.brandSuffix}>Support</span>
        </Link>

        <nav aria-label="Main" className={classes.desktopNav}>
          <ul className={classes.navList}>
            <li>
              <NavMenu label={navigation.support.label} items={navigation.support.items} tone="dark" />
            </li>
            <li>
              <NavMenu
                label={navigation.documentation.label}
                items={navigation.documentation.items}
                tone="dark"
              />
            </li>
            {navigation.headerLinks.map((link) => (
              <li key={link.href}>
                <AppLink href={link.href} className={classes.navLink}>
                  {link.label}
                </AppLink>
              </li>
            ))}
            {navigation.admin ? (
              <li>
                <NavMenu label={navigation.admin.label} items={navigation.admin.items} tone="dark" />
              </li>
            ) : null}
          </ul>
        </nav>

        <div className={classes.actions}>
          <NoticeBell />
          <div className={classes.desktopOnly}>
            {session.signedIn ? <UserMenu /> : <SignInButtons layout="inline" />}
          </div>
          <Burger
            className={classes.burger}
            opened={mobileOpened}
            color="#fff"
            aria-label="Open menu"
            aria-expanded={mobileOpened}
            onPointerEnter={() => void loadMobileNav()}
            onFocus={() => void loadMobileNav()}
            onClick={() => {
              setMobileRequested(true);
              setMobileOpened(true);
            }}
          />
        </div>
      </Container>

      {mobileRequested ? (
        <Suspense fallback={null}>
          <MobileNav opened={mobileOpened} onClose={() => setMobileOpened(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
