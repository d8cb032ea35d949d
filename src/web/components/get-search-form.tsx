import type { FormEvent, ReactNode } from 'react';

interface GetSearchFormProps {
  /** The page that answers the search, e.g. `/search`: the server renders its results. */
  action: string;
  className?: string;
  /** Names the search landmark when a page has more than one (the header's, the page's own). */
  label?: string;
  /** The trimmed `q` of a submission once the app runs; a blank one is not passed on. */
  onSearch(q: string): void;
  /** The fields, one of them named `q` and uncontrolled. */
  children: ReactNode;
}

/**
 * A search form that works before any script runs: a real GET form to `action`, whose server render shows the
 * results. Once the app runs it searches in place instead. The query is read from the form itself, not from
 * React state: what was typed before hydration is in the box but never reached any state.
 */
export function GetSearchForm({ action, className, label, onSearch, children }: GetSearchFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    const q = typeof value === 'string' ? value.trim() : '';
    if (q) onSearch(q);
  };
  return (
    <form
      role="search"
      aria-label={label}
      method="get"
      action={action}
      className={className}
      onSubmit={submit}
    >
      {children}
    </form>
  );
}
