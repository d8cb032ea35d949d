import type { ComponentPropsWithRef } from 'react';
import { Link } from 'react-router';
import { isClientRoute } from '../lib/paths';

type AppLinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { href: string };

/**
 * A link whose target comes from data (the portal config, an API): pages of this app go through the router,
 * everything else (other sites, mailto:, tel:, paths the server answers such as /trust or /files) is a plain
 * anchor and opens normally.
 */
export function AppLink({ href, rel, target, ...rest }: AppLinkProps) {
  if (isClientRoute(href) && target === undefined) return <Link to={href} rel={rel} {...rest} />;
  // A new browsing context must not get a handle on this page (window.opener).
  const safeRel = target === '_blank' ? [rel, 'noopener', 'noreferrer'].filter(Boolean).join(' ') : rel;
  return <a href={href} rel={safeRel} target={target} {...rest} />;
}
