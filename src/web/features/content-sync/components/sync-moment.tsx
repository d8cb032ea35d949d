import { ClockText } from '../../../components/clock-text';
import { relativeAndAbsolute } from '../lib/sync-times';

/**
 * A moment of a sync as a `<time>`: how long ago or ahead (the reader's clock, so written again once the app
 * runs), then the moment itself in UTC.
 */
export function SyncMoment({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso}>
      <ClockText text={() => relativeAndAbsolute(iso, now)} />
    </time>
  );
}
