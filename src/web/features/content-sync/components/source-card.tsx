import { Alert, Badge, Button } from '@mantine/core';
import { useId } from 'react';
import type { ContentSyncStatus } from '../../../../common/contracts/content-sync';
import { SOURCE_NAMES } from '../lib/content-sync-contracts';
import { ApiError, unreachableMessage } from '../../../lib/api-client';
import { useStartContentSync } from '../api/start-content-sync';
import classes from './content-sync-page.module.css';
import { SyncMoment } from './sync-moment';

/** What a refused "Sync now" tells the admin: the server's sentence (409 and 429 have one), else ours. */
function refusal(error: Error, source: string): string {
  if (!(error instanceof ApiError)) return error.message;
  if (error.status === 0) return unreachableMessage();
  if (error.code) return error.code;
  if (error.status === 409) return `The ${source.toLowerCase()} is syncing already.`;
  if (error.status === 429) return 'Too many syncs were started in the last minute. Please wait a minute.';
  return `The sync could not be started (${error.status}). Please try again later.`;
}

/** One source filled by a vendor: where its sync stands, its last error, and "Sync now". */
export function SourceCard({ status, now }: { status: ContentSyncStatus; now: number }) {
  const name = SOURCE_NAMES[status.source];
  const headingId = useId();
  const start = useStartContentSync();
  const running = status.running || start.isPending;
  const failed = status.lastError !== null;

  return (
    <section className={classes.card} aria-labelledby={headingId}>
      <div className={classes.cardHead}>
        <h2 id={headingId} className={classes.cardTitle}>
          {name}
        </h2>
        {running ? (
          <Badge color="blue" variant="light">
            Syncing
          </Badge>
        ) : failed ? (
          <Badge color="red" variant="light">
            Last sync failed
          </Badge>
        ) : status.lastSuccessAt ? (
          <Badge color="green" variant="light">
            Up to date
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Not synced yet
          </Badge>
        )}
      </div>
      <p className={classes.vendor}>From {status.vendor}</p>
      <dl className={classes.facts}>
        <dt>Last successful sync</dt>
        <dd>{status.lastSuccessAt ? <SyncMoment iso={status.lastSuccessAt} now={now} /> : 'Never'}</dd>
        <dt>Items written / removed</dt>
        <dd>{status.lastSuccessAt ? `${status.written} written, ${status.removed} removed` : 'None yet'}</dd>
        <dt>{failed ? 'Next attempt' : 'Next sync'}</dt>
        <dd>{running ? 'When this one ends' : <SyncMoment iso={status.nextRunAt} now={now} />}</dd>
      </dl>
      {failed ? (
        <Alert color="red" variant="light" title="The last sync failed" className={classes.alert}>
          <p className={classes.alertText}>{status.lastError}</p>
          <p className={classes.alertText}>
            {`The ${name.toLowerCase()} keeps what the last successful sync brought.`}
            {running ? ' A sync is running now.' : ''}
          </p>
        </Alert>
      ) : null}
      {start.isError ? (
        <Alert color="orange" variant="light" title="Sync now was refused" className={classes.alert}>
          {refusal(start.error, name)}
        </Alert>
      ) : null}
      <div className={classes.actions}>
        <Button onClick={() => start.mutate(status.source)} disabled={running} loading={start.isPending}>
          Sync now
        </Button>
        {/* Always there, so a screen reader hears the sync start and end. */}
        <span role="status" className={classes.running}>
          {running ? `Syncing the ${name.toLowerCase()} from ${status.vendor}…` : ''}
        </span>
      </div>
    </section>
  );
}
