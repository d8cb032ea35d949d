import { options } from 'preact';

/**
 * Events a person causes one at a time (React's "discrete" events): the effects of the render one of them
 * causes must have run before the browser hands the page the next one.
 */
const USER_EVENTS = [
  'beforeinput',
  'input',
  'change',
  'keydown',
  'keyup',
  'click',
  'pointerdown',
  'pointerup',
  'focusin',
  'focusout',
  'paste',
  'submit',
  'compositionend',
] as const;

/** Preact's own default: after the next frame, or after 35 ms where no frame comes (a hidden tab). */
function afterNextFrame(callback: () => void): void {
  let frame = 0;
  const done = () => {
    clearTimeout(timeout);
    cancelAnimationFrame(frame);
    setTimeout(callback);
  };
  const timeout = setTimeout(done, 35);
  frame = requestAnimationFrame(done);
}

/**
 * The browser bundle runs on Preact (scripts/vite-preact-compat.ts), which runs every `useEffect` after the
 * next frame. React runs the effects of a render caused by a typed key or a click before the next event, and
 * the components are written for that: Mantine's searchable Select highlights the first match of what was
 * typed in an effect, so "Syria" typed and Enter pressed within one frame chose nothing (or the option
 * highlighted before) on Preact. Here, a render caused by such an event runs its effects as soon as it is
 * done, in the same task; other renders (an answer arriving, hydration) keep Preact's after-paint timing, so
 * the page still paints before their effects.
 */
export function runEffectsBeforeNextInput(target: Window = window): void {
  let inUserEvent = false;
  const mark = () => {
    if (inUserEvent) return;
    inUserEvent = true;
    // Cleared once this task and its microtasks (Preact renders in a microtask) are done.
    setTimeout(() => {
      inUserEvent = false;
    });
  };
  for (const type of USER_EVENTS) target.addEventListener(type, mark, { capture: true, passive: true });
  const scheduled = options.requestAnimationFrame;
  options.requestAnimationFrame = (flush: () => void) => {
    if (inUserEvent) queueMicrotask(flush);
    else (scheduled ?? afterNextFrame)(flush);
  };
}
