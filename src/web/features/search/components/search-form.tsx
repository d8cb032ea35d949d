import { Button, TextInput } from '@mantine/core';
import type { SourceKey } from '../../../../common/search-sources';
import { paths } from '../../../lib/paths';
import { GetSearchForm } from '../../../components/get-search-form';
import classes from './search-page.module.css';
import { SourceFilter } from './source-filter';

interface SearchFormProps {
  /** The query in the URL: the box starts from it (the form is keyed on it, so back/forward resets it). */
  initialQuery: string;
  available: SourceKey[];
  /** Chosen sources; empty means all of `available`. */
  selected: SourceKey[];
  /** The address's `sources` as they are (some may not be `available` yet): a search keeps them. */
  sources: SourceKey[];
  onSearch(q: string): void;
  onSourcesChange(sources: SourceKey[]): void;
}

/**
 * Query box, source filter and Search button: a GET form with the page's own parameter names (`q`, `sources`:
 * see search-params.ts), so the form and a shared link agree. A blank query does nothing once the app runs.
 */
export function SearchForm({
  initialQuery,
  available,
  selected,
  sources,
  onSearch,
  onSourcesChange,
}: SearchFormProps) {
  const checked = selected.length > 0 ? available.filter((key) => selected.includes(key)) : available;
  const change = (values: string[]) => {
    const next = available.filter((key) => values.includes(key));
    if (next.length === 0) return;
    onSourcesChange(next.length === available.length ? [] : next);
  };
  return (
    <GetSearchForm action={paths.search.getHref()} className={classes.form} onSearch={onSearch}>
      <TextInput
        className={classes.query}
        label="Search"
        type="search"
        name="q"
        defaultValue={initialQuery}
        autoComplete="off"
        maxLength={200}
      />
      {/* The filter of the address, which a search keeps (as onSearch does once the app runs). */}
      {sources.length > 0 ? <input type="hidden" name="sources" value={sources.join(',')} /> : null}
      <SourceFilter available={available} checked={checked} onChange={change} />
      <Button type="submit" className={classes.submit}>
        Search
      </Button>
    </GetSearchForm>
  );
}
