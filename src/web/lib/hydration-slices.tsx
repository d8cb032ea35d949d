import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Hydration in slices, one task each. The browser bundle runs on Preact (scripts/vite-preact-compat.ts), whose
 * hydration is synchronous: `startTransition` does not make it yield as React's does, so the whole page was
 * hydrated in one task after the modules were evaluated (485-533 ms of Lighthouse's simulated mobile CPU on
 * `/`, most of its Total Blocking Time, bench/README.md). Preact keeps the server's markup of a component that
 * suspends while hydrating and hydrates it when the thrown promise settles; a {@link HydrationSlice} met while
 * the page hydrates suspends on a promise that settles in a task of its own. The slices settle one after the
 * other in the order they were met (the header first, the page, then the footer), each in its own task, so the
 * browser can paint and handle input between them.
 *
 * Slices nest: a slice met while an outer one hydrates (a row of a long table inside the page) waits for a task
 * after the ones already waiting, so no single task hydrates a whole page however much it holds. A slice keeps
 * waiting when its parent renders again meanwhile (the parent's state changed): its wait is kept by the
 * component around its Suspense boundary, which has mounted. Each slice has a boundary of its own: Preact
 * resumes the components suspended on one boundary only once all of them have settled, in one task.
 *
 * The server render (React) never suspends here, nor does a slice first rendered once the page has hydrated (a
 * navigation inside the app renders at once). Preact keeps only the first element of a suspended component's
 * markup, so a slice's children must render exactly one element at the top (a component whose root is one
 * element, or a wrapper).
 */

/** True from the first hydration pass (`hydrateRoot` in entry-client.tsx) until every slice has hydrated. */
let hydrating = false;
/** Settles in the task of the last slice met so far: the next slice's task comes after it. */
let queue: Promise<void> = Promise.resolve();

interface Wait {
  settled: boolean;
  promise: Promise<void>;
  /** The children as the pass that met the slice rendered them: what the server's markup shows. */
  first: ReactNode;
}

const NO_WAIT: Wait = { settled: true, promise: Promise.resolve(), first: null };

/** A task of its own: a message to this window runs after the browser had its chance to paint and handle input. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** A wait that settles in a task after every slice met before it. */
function waitYourTurn(first: ReactNode): Wait {
  const wait: Wait = { settled: false, promise: queue, first };
  wait.promise = queue = queue.then(nextTask).then(() => {
    wait.settled = true;
  });
  return wait;
}

/** Runs `hydrate` (the `hydrateRoot` call) as the first pass: the slices it meets hydrate in the tasks after. */
export function hydrateInSlices(hydrate: () => void): void {
  hydrating = true;
  hydrate();
}

/**
 * Settles once every slice has hydrated, the nested ones met on the way included: what needs the whole page
 * live waits for it. Preact renders a resumed slice in the task its promise settles in, so a task after the
 * last one that slice is done; a slice it met meanwhile has made the queue longer, and is waited for too.
 */
export async function slicesHydrated(): Promise<void> {
  for (;;) {
    const waiting = queue;
    await waiting;
    await nextTask();
    if (queue === waiting) break;
  }
  hydrating = false;
}

/**
 * Suspends until the slice's turn (see the module's comment), then hydrates the children as they were first
 * rendered, and renders the current ones after (in a task of its own) if the parent has rendered again
 * meanwhile. Preact leaves the attributes of the server's markup as they are while it hydrates, so children
 * that changed while the slice waited (a form enabled once the page runs) would keep the server's attributes.
 */
function SliceGate({ wait, children }: { wait: Wait; children: ReactNode }) {
  // Before any hook: a render that suspends must leave no effect behind (Preact runs the effects of a parked
  // component that rendered them), else the slice would count as hydrated before it was.
  // Preact keeps the markup and renders this component again once the promise settles, in its own task.
  if (!wait.settled) throw wait.promise;
  return <Hydrating wait={wait}>{children}</Hydrating>;
}

/** The children as first rendered while hydrating, then the current ones (see {@link SliceGate}). */
function Hydrating({ wait, children }: { wait: Wait; children: ReactNode }) {
  const hydrated = useRef(wait === NO_WAIT);
  const [, renderAgain] = useState(0);
  const changed = !hydrated.current && children !== wait.first;
  useEffect(() => {
    if (hydrated.current) return;
    hydrated.current = true;
    if (changed) renderAgain(1);
  }, [changed]);
  return hydrated.current ? children : wait.first;
}

/** Its children hydrate in a task of their own after the pass that met it (see the module's comment). */
export function HydrationSlice({ children }: { children: ReactNode }) {
  const wait = useRef<Wait | null>(null);
  wait.current ??= hydrating ? waitYourTurn(children) : NO_WAIT;
  return (
    <Suspense>
      <SliceGate wait={wait.current}>{children}</SliceGate>
    </Suspense>
  );
}
