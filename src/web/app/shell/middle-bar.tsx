import { Container } from '@mantine/core';
import { AppLink } from '../../components/app-link';
import { useNavigation } from './use-navigation';
import { NavMenu } from './nav-menu';
import classes from './middle-bar.module.css';

/** Resource links and the cloud status / marketplace menus (spec section 2); the mobile menu carries them on phones. */
export function MiddleBar() {
  const navigation = useNavigation();
  return (
    <nav aria-label="Resources" className={classes.bar}>
      <Container size="xl">
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
      </Container>
    </nav>
  );
}
