import { Alert } from '@mantine/core';
import { ClockText } from '../../../components/clock-text';
import { dateTime } from '../lib/formats';

/** Mantine's light yellow title fails contrast; the portal's dark amber on its palest amber is well over 4.5:1. */
const staleColors = () => ({
  root: {
    '--alert-bg': 'var(--portal-color-amber-50)',
    '--alert-color': 'var(--portal-color-amber-900)',
  },
});

/**
 * Said above a list or a ticket the help desk did not answer for: the server showed the last answer it had
 * (`stale.since` is when it was read), and the page changes by itself once the desk answers again.
 */
export function StaleNotice({ stale, what }: { stale: { since: string } | undefined; what: string }) {
  if (!stale) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      role="status"
      title="The help desk is not answering right now"
      vars={staleColors}
    >
      {what} as it stood at <ClockText text={() => dateTime(stale.since)} />. Changes made since then may be
      missing; this page updates once the help desk answers again.
    </Alert>
  );
}
