import { Container } from '@mantine/core';
import { Link } from 'react-router';
import { AppLink } from '../../components/app-link';
import { LogoMark } from '../../components/logo-mark';
import { paths } from '../../lib/paths';
import { usePortalConfig } from '../../lib/portal-config-context';
import { SocialIcon } from './social-icon';
import classes from './site-footer.module.css';

export function SiteFooter() {
  const config = usePortalConfig();
  const { webmaster } = config.support;
  return (
    <footer className={classes.footer}>
      <Container size="xl">
        <div className={classes.top}>
          <div className={classes.brandBlock}>
            <Link to={paths.home.getHref()} className={classes.brand}>
              <LogoMark size={28} />
              <span>{config.product.company}</span>
            </Link>
            <p className={classes.tagline}>{config.product.tagline}</p>
          </div>
          <ul className={classes.social} aria-label="Social media">
            {config.footer.social.map((link) => (
              <li key={link.href}>
                <AppLink href={link.href} aria-label={link.label} className={classes.socialLink}>
                  <SocialIcon name={link.icon} />
                </AppLink>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-label="Policies" className={classes.policies}>
          <ul className={classes.policyList}>
            {config.footer.policies.map((link) => (
              <li key={`${link.label}|${link.href}`}>
                <AppLink href={link.href} className={classes.policyLink}>
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className={classes.bottom}>
          <p className={classes.copyright}>{config.footer.copyright}</p>
          <p className={classes.contact}>
            Questions about this website? Contact{' '}
            <a href={`mailto:${webmaster.email}`} className={classes.policyLink}>
              {webmaster.name}
            </a>
          </p>
        </div>
      </Container>
    </footer>
  );
}
