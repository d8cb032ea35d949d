/**
 * Dispatched on `document` by the app's entry (entry-client.tsx) once the app listens to the whole page's
 * events, that is once the last hydration slice (lib/hydration-slices.tsx) has hydrated. The start script
 * (start-after-paint.ts) keeps the clicks on script-only buttons that come before it and clicks them again then.
 */
export const APP_LISTENING_EVENT = 'portal:app-listening';
