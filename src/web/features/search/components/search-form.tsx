import { Button, Checkbox, Popover, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { SOURCE_LABELS, type SourceKey } from '../../../../common/contracts/search';
import classes from './search-page.module.css';

interface SearchFormProps {
  /** The query in the URL: the box starts from it (the form is keyed on it, so back/forward resets it). */
  initialQuery: string;
  available: SourceKey[];
  /** Chosen sources; empty means all of `available`. */
  selected: SourceKey[];
  onSearch(q: string): void;
  onSourcesChange(sources: SourceKey[]): void;
}

/** Query box, source filter and Search button. A blank query does nothing. */
export function SearchForm({
  initialQuery,
  available,
  selected,
  onSearch,
  onSourcesChange,
}: SearchFormProps) {
  const [draft, setDraft] = useState(initialQuery);
  const checked = selected.length > 0 ? available.filter((key) => selected.includes(key)) : available;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = draft.trim();
    if (q) onSearch(q);
  };
  const change = (values: string[]) => {
    const next = available.filter((key) => values.includes(key));
    if (next.length === 0) return;
    onSourcesChange(next.length === available.length ? [] : next);
  };
  return (
    <form role="search" className={classes.form} onSubmit={submit}>
      <TextInput
        className={classes.query}
        label="Search"
        type="search"
        name="q"
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        autoComplete="off"
        maxLength={200}
      />
      <Popover position="bottom-start" shadow="md" withinPortal={false}>
        <Popover.Target>
          <Button type="button" variant="default" className={classes.filterButton}>
            {checked.length === available.length ? 'All sources' : `Sources (${checked.length})`}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Checkbox.Group label="Sources" value={checked} onChange={change}>
            <div className={classes.checkboxes}>
              {available.map((key) => (
                <Checkbox
                  key={key}
                  value={key}
                  label={SOURCE_LABELS[key]}
                  disabled={checked.length === 1 && checked[0] === key}
                />
              ))}
            </div>
          </Checkbox.Group>
        </Popover.Dropdown>
      </Popover>
      <Button type="submit" className={classes.submit}>
        Search
      </Button>
    </form>
  );
}
