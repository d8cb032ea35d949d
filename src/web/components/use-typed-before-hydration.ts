import { useLayoutEffect, type RefObject } from 'react';

/**
 * Takes over the text typed into a field before the app ran. The server-rendered field takes typing at once,
 * but the text reaches no state; hydration leaves it in the field, and then the field's first render (focusing
 * it is enough) writes the state's value over it. Read once, as the field mounts; a field the app rendered
 * itself holds its state's value already, which `adopt` is not given.
 */
export function useTypedBeforeHydration(
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  state: string,
  adopt: (typed: string) => void,
): void {
  useLayoutEffect(() => {
    const typed = field.current?.value;
    if (typed && typed !== state) adopt(typed);
    // Once, on mount: later the state follows the field through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
