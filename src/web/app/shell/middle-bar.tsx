import { Container } from '@mantine/core';
import { AppLink } from '../../components/app-link';
import { SiteSearchBox } from '../../features/site-search/components/site-search-box';
import { useNavigation } from './use-navigation';
import { NavMenu } from './nav-menu';
import classes from './middle-bar.module.css';

/**
 * The header's second row: resource links and the cloud status / marketplace menus (spec section 2), and the
 * site's search box at its end, where it has room at every width from a tablet up (the first row is full of
 * menus). On phones the mobile menu carries both.
 */
export function MiddleBar() {
  const navigation = useNavigation();
  return (
    <div className={classes.bar}>
      <Container size="xl" className={classes.row}>
        <nav aria-label="Resources" className={classes.nav}>
          <ul className={classes.list}>
            {navigation.middleBarLinks.map((link) => (
              <li key={link.href}>
                <AppLink href={link.href} className={classes.link}>
                  {link.label}
                </AppLink>
              </li>
            ))}
            {navigation.middleBarMenus.map((menu) => (
              <li key={menu.label}>
                <NavMenu label={menu.label} items={menu.items} tone="light" />
              </li>
            ))}
          </ul>
        </nav>
        <div className={classes.search}>
          <SiteSearchBox variant="compact" shortcutPriority={1} landmark="Site search" />
        </div>
      </Container>
    </div>
  );
}
