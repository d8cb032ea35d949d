import { AppLink } from '../../../components/app-link';
import { paths } from '../../../lib/paths';

/** What a signed-in user who is not an admin sees on an admin's notice page (the server refuses them too). */
export function AdminsOnly() {
  return (
    <p>
      Only admins manage support notices and see who read them. Your notices are under{' '}
      <AppLink href={paths.notifications.getHref()}>Notifications</AppLink>.
    </p>
  );
}
