import { useDebouncedValue } from '@mantine/hooks';
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { GetSearchForm } from '../../../components/get-search-form';
import { useTypedBeforeHydration } from '../../../components/use-typed-before-hydration';
import { focusLeaves } from '../../../components/use-disclosure';
import { paths } from '../../../lib/paths';
import { SUGGEST_DELAY_MS, useSearchSuggestions, type Suggestion } from '../../../lib/search-suggestions';
import { SHORTCUT_ATTRIBUTE } from '../lib/use-search-shortcut';
import classes from './site-search-box.module.css';

// Written out here rather than imported with the contracts: this box is in every page's first bundle.
const SOURCE_NAMES: Record<Suggestion['source'], string> = {
  zendesk: 'Knowledge Base',
  git: 'Documentation',
  forumbee: 'Community',
};

interface SiteSearchBoxProps {
  /** `hero`: the home page's prominent box; `compact`: the header's and the mobile menu's. */
  variant: 'hero' | 'compact';
  /** Which box `/` focuses when several are on screen: the higher wins. */
  shortcutPriority: number;
  /** Names the box's search landmark: each one on a page needs its own name. */
  landmark: string;
  /** Called after a search or a suggestion is chosen (the mobile menu closes itself). */
  onDone?: () => void;
}

/**
 * The portal's search box (issue: search from every page): a GET form to `/search` that works before and
 * without JavaScript, and once the app runs a combobox in the WAI-ARIA pattern whose listbox suggests the best
 * few titles as the user types. Arrow keys move through the suggestions (focus stays in the box, the option
 * is announced through `aria-activedescendant`), Enter opens the chosen one or searches, Escape closes the list
 * or else clears the box.
 */
export function SiteSearchBox({ variant, shortcutPriority, landmark, onDone }: SiteSearchBoxProps) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-suggestions`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [typed] = useDebouncedValue(value.trim(), SUGGEST_DELAY_MS);
  const suggestions = useSearchSuggestions(typed);
  const items = open ? suggestions : [];
  const expanded = items.length > 0;
  useTypedBeforeHydration(inputRef, value, setValue);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const search = (q: string) => {
    close();
    onDone?.();
    void navigate(paths.search.getHref({ q }));
  };

  const choose = (item: Suggestion) => {
    close();
    onDone?.();
    // Suggestions of the portal's own pages stay in the app; the others are sites of their own.
    if (item.url.startsWith('/')) void navigate(item.url);
    else window.location.assign(item.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        setOpen(true);
        if (items.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => {
          if (current < 0) return step > 0 ? 0 : items.length - 1;
          const next = current + step;
          // Past either end: back to the text as typed.
          return next < 0 || next >= items.length ? -1 : next;
        });
        return;
      }
      case 'Enter': {
        const item = active >= 0 ? items[active] : undefined;
        if (item) {
          event.preventDefault();
          choose(item);
        }
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        } else if (value) {
          event.preventDefault();
          setValue('');
        }
        return;
      default:
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (focusLeaves(event)) close();
  };

  return (
    <GetSearchForm
      action={paths.search.getHref()}
      className={classes.form}
      label={landmark}
      onSearch={search}
    >
      <div className={classes.root} data-variant={variant} onBlur={onBlur}>
        <label htmlFor={`${id}-input`} className={variant === 'hero' ? classes.label : classes.hiddenLabel}>
          {variant === 'hero' ? 'How can we help?' : 'Search the support portal'}
        </label>
        <div className={classes.row}>
          <input
            ref={inputRef}
            id={`${id}-input`}
            className={classes.input}
            type="search"
            name="q"
            placeholder={variant === 'hero' ? 'Search articles, documentation and the community' : 'Search'}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={200}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            {...{ [SHORTCUT_ATTRIBUTE]: String(shortcutPriority) }}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
          />
          <button type="submit" className={classes.submit}>
            Search
          </button>
        </div>
        <ul id={listId} role="listbox" aria-label="Suggestions" className={classes.list} hidden={!expanded}>
          {items.map((item, index) => (
            <li
              key={`${item.source}|${item.url}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={classes.option}
              // Keeps the focus in the box: the click below still lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(item)}
            >
              <span className={classes.title}>{item.title}</span>
              <span className={classes.source}>{SOURCE_NAMES[item.source]}</span>
            </li>
          ))}
        </ul>
        <p className={classes.status} role="status">
          {expanded ? `${items.length} suggestions. Use the arrow keys to choose one.` : ''}
        </p>
      </div>
    </GetSearchForm>
  );
}
