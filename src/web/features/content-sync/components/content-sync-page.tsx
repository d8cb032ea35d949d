import { Alert, Loader } from '@mantine/core';
import type { ContentSyncList } from '../../../../common/contracts/content-sync';
import { EmptyCard } from '../../../components/empty-card';
import { SOURCE_NAMES } from '../lib/content-sync-contracts';
import { useContentSync } from '../api/get-content-sync';
import { useNow } from '../lib/sync-times';
import classes from './content-sync-page.module.css';
import { SourceCard } from './source-card';

const ALL_SOURCES = Object.keys(SOURCE_NAMES) as (keyof typeof SOURCE_NAMES)[];

/** The README section that lists each vendor's settings. */
const README_SECTION = 'Vendor content feeds';

/** No vendor fills any source: the content folder does, and nothing is synced. */
function NoVendor() {
  return (
    <EmptyCard title="No vendor feed is configured">
      <p>
        The knowledge base, the documentation and the community come from the portal&apos;s content folder (
        <code>CONTENT_DIR</code>, <code>./content</code> unless set), loaded when the portal starts. There is
        nothing to sync.
      </p>
      <p>
        To fill a source from a vendor instead (the knowledge base from a Zendesk Help Center, the
        documentation from GitBook, the community from Forumbee), set that vendor&apos;s variables as the
        README&apos;s section &ldquo;{README_SECTION}&rdquo; describes, then restart the portal. Its status
        and a &ldquo;Sync now&rdquo; button then show here.
      </p>
    </EmptyCard>
  );
}

function Sources({ list }: { list: ContentSyncList }) {
  const now = useNow(30_000);
  if (list.sources.length === 0) return <NoVendor />;
  const fromFolder = ALL_SOURCES.filter((source) => !list.sources.some((entry) => entry.source === source));
  return (
    <>
      <p className={classes.intro}>
        {`Each source below is synced from its vendor every ${list.intervalMinutes} minutes, and completely once a day; a failed sync keeps the content of the last successful one.`}
        {fromFolder.length > 0
          ? ` ${fromFolder.map((source) => SOURCE_NAMES[source]).join(' and ')} ${fromFolder.length === 1 ? 'comes' : 'come'} from the content folder (CONTENT_DIR).`
          : ''}
      </p>
      <div className={classes.grid}>
        {list.sources.map((status) => (
          <SourceCard key={status.source} status={status} now={now} />
        ))}
      </div>
    </>
  );
}

/**
 * Where each vendor feed's sync stands (Zendesk Help Center, GitBook, Forumbee): the last success, what it
 * wrote and removed, the last error in words and the next attempt, with "Sync now" per source; while a source
 * syncs, the page asks again every few seconds.
 */
export function ContentSyncPage() {
  const status = useContentSync();
  if (status.data) return <Sources list={status.data} />;
  if (status.isError)
    return (
      <Alert color="red" variant="light" title="The sync status could not be loaded">
        {status.error instanceof Error ? status.error.message : 'Please try again later.'}
      </Alert>
    );
  return (
    <div role="status" className={classes.loading}>
      <Loader size="sm" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}
