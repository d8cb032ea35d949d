import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { paths } from '../../../lib/paths';
import { usePortalConfig } from '../../../lib/portal-config-context';

/** Spec section 8, unknown route: the message and the webmaster contact. The server answers it with 404. */
export function NoPage() {
  const { webmaster } = usePortalConfig().support;
  return (
    <Page title="Page not found">
      <p>The page is not available anymore.</p>
      <p>
        If you followed a link on this site, please let us know: contact {webmaster.name} at{' '}
        <a href={`mailto:${webmaster.email}`}>{webmaster.email}</a>.
      </p>
      <p>
        <Link to={paths.home.getHref()}>Go to the support home page</Link>
      </p>
    </Page>
  );
}

export const noPageMeta = {
  title: 'Page not found',
  description: 'The page is not available anymore.',
  status: 404,
} as const;
