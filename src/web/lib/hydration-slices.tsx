import type { ReactNode } from 'react';

/**
 * Hydration in slices, one task each. The browser bundle runs on Preact (scripts/vite-preact-compat.ts), whose
 * hydration is synchronous: `startTransition` does not make it yield as React's does, so the whole page was
 * hydrated in one task after the modules were evaluated (485-533 ms of Lighthouse's simulated mobile CPU on
 * `/`, most of its Total Blocking Time, bench/README.md). Preact keeps the server's markup of a component that
 * suspends while hydrating and hydrates it when the thrown promise settles; a {@link HydrationSlice} suspends
 * once, in the first hydration pass only, on a promise that settles in a task of its own. The slices settle one
 * after the other in the order they were met (the header first, the page, then the footer), each in its own
 * task, so the browser can paint and handle input between them.
 *
 * The server render (React) never suspends here, and nor does any render after the first pass (a navigation
 * inside the app renders at once). Preact keeps only the first element of a suspended component's markup, so a
 * slice's children must render exactly one element at the top (a component whose root is one element, or a
 * wrapper).
 */

/** True during the first, synchronous hydration pass (`hydrateRoot` in entry-client.tsx), false after it. */
let firstPass = false;
/** Settles in the task of the last slice met so far: the next slice's task comes after it. */
let queue: Promise<void> = Promise.resolve();

/** A task of its own: a message to this window runs after the browser had its chance to paint and handle input. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** Runs `hydrate` (the `hydrateRoot` call) as the first pass: the slices it meets hydrate in the tasks after. */
export function hydrateInSlices(hydrate: () => void): void {
  firstPass = true;
  try {
    hydrate();
  } finally {
    firstPass = false;
  }
}

/**
 * Settles once every slice of the first pass has hydrated: what needs the whole page live waits for it. Preact
 * renders a resumed slice in the task its promise settles in, so a task after the last one they are all done.
 */
export function slicesHydrated(): Promise<void> {
  return queue.then(nextTask);
}

/** Its children hydrate in a task after the first pass (see the module's comment); elsewhere it renders them. */
export function HydrationSlice({ children }: { children: ReactNode }) {
  if (firstPass) {
    queue = queue.then(nextTask);
    // Preact keeps the markup and renders this component again, after the first pass, once the promise settles.
    throw queue;
  }
  return children;
}
