import { Button, Combobox, Loader, useCombobox } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import classes from './search-picker.module.css';

export interface PickerItem {
  key: string;
  label: string;
  /** A second line under the label (the reply's first words, the article's source). */
  detail?: string;
}

interface SearchPickerProps<Item extends PickerItem> {
  /** The button's words ("Insert canned reply"). */
  label: string;
  /** The search box's name and placeholder. */
  searchLabel: string;
  /** The items for what is typed (filtered here or asked of the server by the caller). */
  items: Item[];
  search: string;
  onSearch: (value: string) => void;
  onPick: (item: Item) => void;
  /** Called when the list opens, so the caller loads what it needs only then. */
  onOpen?: () => void;
  loading: boolean;
  /** What the list says when it holds nothing (nothing typed yet, nothing found, a failure). */
  empty: ReactNode;
  disabled?: boolean;
}

/**
 * A button that opens a searchable list, by keyboard alone: the focus goes to the search box, typing filters,
 * ArrowDown and ArrowUp move through the list, Enter picks, Escape closes; the focus goes back to the button.
 *
 * Until it is first opened it is only its button: the list's combobox, popover and transition are made on the
 * first click. Two of them hydrating with a ticket's composer took a third of its task on a phone's CPU
 * (Lighthouse's 4x), for lists most replies never open.
 */
export function SearchPicker<Item extends PickerItem>(props: SearchPickerProps<Item>) {
  const [wanted, setWanted] = useState(false);
  if (wanted) return <SearchList {...props} />;
  return (
    <Button
      variant="default"
      size="sm"
      disabled={props.disabled}
      aria-expanded={false}
      aria-haspopup="listbox"
      onClick={() => setWanted(true)}
    >
      {props.label}
    </Button>
  );
}

/** The picker once wanted: open at once (it was made by a click on its button), then as the button says. */
function SearchList<Item extends PickerItem>(props: SearchPickerProps<Item>) {
  const { label, searchLabel, items, search, onSearch, onPick, onOpen, loading, empty, disabled } = props;
  const [open, setOpen] = useState(false);
  // A pick gives the focus to where the item went (the caller's text box), not back to the button.
  const picked = useRef(false);
  const searchBox = useRef<HTMLInputElement>(null);
  const combobox = useCombobox({
    onDropdownOpen: () => {
      setOpen(true);
      onOpen?.();
      combobox.focusSearchInput();
    },
    onDropdownClose: () => {
      setOpen(false);
      combobox.resetSelectedOption();
      if (!picked.current) combobox.focusTarget();
      picked.current = false;
      onSearch('');
    },
  });

  // The first item is the one Enter picks, once the list for what was typed is on screen.
  const shown = items.map((item) => item.key).join('\n');
  useEffect(() => {
    if (open && shown !== '') combobox.selectFirstOption();
  }, [combobox, open, shown]);
  // Made by the click that wanted it: that click opens it.
  useEffect(() => {
    combobox.openDropdown();
    // Once, as the list is made; later clicks toggle it through the button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Mantine's own focusSearchInput may run before the opening list has its box (seen on a phone): once it is
  // on screen, the box takes the focus.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => searchBox.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);

  return (
    <Combobox
      store={combobox}
      width="min(28rem, calc(100vw - 2rem))"
      position="bottom-start"
      shadow="md"
      withinPortal={false}
      onOptionSubmit={(key) => {
        const item = items.find((entry) => entry.key === key);
        picked.current = item !== undefined;
        combobox.closeDropdown();
        if (item) onPick(item);
      }}
    >
      <Combobox.Target withAriaAttributes={false}>
        <Button
          variant="default"
          size="sm"
          disabled={disabled}
          aria-expanded={open}
          aria-haspopup="listbox"
          onClick={() => combobox.toggleDropdown()}
        >
          {label}
        </Button>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          ref={searchBox}
          role="combobox"
          aria-expanded
          aria-label={searchLabel}
          placeholder={searchLabel}
          value={search}
          onChange={(event) => {
            onSearch(event.currentTarget.value);
          }}
        />
        <Combobox.Options aria-label={label} className={classes.options}>
          {items.map((item) => (
            <Combobox.Option value={item.key} key={item.key} className={classes.option}>
              <span className={classes.label}>{item.label}</span>
              {item.detail ? <span className={classes.detail}>{item.detail}</span> : null}
            </Combobox.Option>
          ))}
          {items.length === 0 ? (
            <Combobox.Empty>
              {loading ? (
                <span className={classes.loading}>
                  <Loader size="xs" aria-hidden="true" /> Loading…
                </span>
              ) : (
                empty
              )}
            </Combobox.Empty>
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
