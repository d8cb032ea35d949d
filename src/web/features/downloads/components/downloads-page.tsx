import { DownloadAccess } from './download-access';
import { DownloadWizard } from './download-wizard';

/** `/downloads` (spec section 2): the wizard, for signed-in users allowed to download. */
export function DownloadsPage() {
  return <DownloadAccess>{(user) => <DownloadWizard user={user} />}</DownloadAccess>;
}
