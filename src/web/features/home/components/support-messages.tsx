import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppLink } from '../../../components/app-link';
import { paths } from '../../../lib/paths';
import { usePortalConfig } from '../../../lib/portal-config-context';
import classes from './support-messages.module.css';

/** `tel:` wants digits and a leading plus only; the page shows the number as configured. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * The home page's hero: where to go for which problem (spec section 1, home page messages), with the page's
 * search box (`search`, composed by the route) between the tagline and the tiles.
 */
export function SupportMessages({ search }: { search?: ReactNode }) {
  const config = usePortalConfig();
  const product = config.product.name;
  return (
    <section className={classes.hero} aria-labelledby="home-title">
      <Container size="xl">
        <h1 id="home-title" className={classes.title}>
          {`${product} Support`}
        </h1>
        <p className={classes.tagline}>
          {config.product.tagline}: help for your controller, gateways and CoPilot.
        </p>
        {search ? <div className={classes.search}>{search}</div> : null}

        <ul className={classes.tiles}>
          <li className={classes.tile}>
            <h2 className={classes.tileTitle}>Ask the AI chatbot</h2>
            <p className={classes.tileText}>
              Get answers from the {product} knowledge base, documentation and release notes in seconds.
            </p>
            <AppLink href={paths.chatbot.getHref()} className={classes.tileLink}>
              Use the AI chatbot
            </AppLink>
          </li>
          <li className={classes.tile}>
            <h2 className={classes.tileTitle}>Production outage?</h2>
            <p className={classes.tileText}>Create a ticket so a support engineer starts on it at once.</p>
            <AppLink
              href={paths.newTicket.getHref({ priority: 'P1', type: config.ticketing.outageType })}
              className={classes.tileLink}
            >
              Create a ticket in the Ticket Portal
            </AppLink>
          </li>
          <li className={classes.tile}>
            <h2 className={classes.tileTitle}>Any other issue</h2>
            <p className={classes.tileText}>
              For all other issues, create a ticket and pick <strong>Technical Queries</strong> as its type.
            </p>
            <AppLink href={config.links.ticketPortal} className={classes.tileLink}>
              Open the Ticket Portal
            </AppLink>
          </li>
        </ul>

        <div className={classes.notices}>
          <p className={classes.notice}>
            {/* One text node, so the sentence is one string in the HTML too (searchable, quotable). */}
            <strong>{`All releases ${config.releases.endOfSupportThrough} and prior are End of Support.`}</strong>{' '}
            <AppLink href={paths.eolPolicy.getHref(product)} className={classes.noticeLink}>
              Read the End of Life Policy
            </AppLink>
          </p>
          <p className={classes.notice}>
            Support phone line:{' '}
            <a href={telHref(config.support.phone)} className={classes.noticeLink}>
              {config.support.phone}
            </a>
          </p>
        </div>
      </Container>
    </section>
  );
}
