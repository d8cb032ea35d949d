import { useHydrated } from '../lib/use-hydrated';

/**
 * Text that depends on the reader's clock or time zone ('5 minutes ago', 'Due in 2 h', a local time). The
 * server writes it with its own clock and zone, the browser hydrates a moment later and perhaps elsewhere, so
 * the two texts can differ; a differing text would make React throw the server's page away and draw it
 * again (losing what was typed or opened meanwhile). The server's text is kept through hydration, and the
 * browser's own replaces it once the app runs (the span is made anew, so its text is written).
 */
export function ClockText({ text }: { text: () => string }) {
  const hydrated = useHydrated();
  return (
    <span key={hydrated ? 'browser' : 'server'} suppressHydrationWarning>
      {text()}
    </span>
  );
}
