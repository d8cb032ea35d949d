/**
 * Dispatched on `document` by the app's entry (entry-client.tsx) as soon as React listens to the page's events,
 * that is right after `hydrateRoot`. The start script (start-after-paint.ts) keeps the clicks on script-only
 * buttons that come before it and clicks them again then; from that point React replays what lands on parts
 * it has not hydrated yet.
 */
export const APP_LISTENING_EVENT = 'portal:app-listening';
