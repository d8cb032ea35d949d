import { Button, Checkbox } from '@mantine/core';
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { SOURCE_LABELS, type SourceKey } from '../../../../common/search-sources';
import classes from './search-page.module.css';

interface SourceFilterProps {
  available: SourceKey[];
  /** The sources checked (all of `available` when none is chosen). */
  checked: SourceKey[];
  onChange(values: string[]): void;
}

/**
 * The search page's source filter: a button that shows and hides the checkboxes below it (the WAI-ARIA
 * disclosure pattern). Not Mantine's Popover, whose positioning and focus-trap code was the largest script
 * of the search page's first load (Lighthouse, bench/README.md) for a panel that opens in place. Escape closes
 * it and gives the focus back to the button; so does leaving it with Tab or a click elsewhere.
 */
export function SourceFilter({ available, checked, onChange }: SourceFilterProps) {
  const panelId = `${useId()}-sources`;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget)) {
      setOpen(false);
    }
  };

  return (
    <div className={classes.filter} onKeyDown={onKeyDown} onBlur={onBlur}>
      <Button
        ref={buttonRef}
        type="button"
        variant="default"
        className={classes.filterButton}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
      >
        {checked.length === available.length ? 'All sources' : `Sources (${checked.length})`}
      </Button>
      {/* Focusable from a click only, so a click on the panel's background keeps the focus in the filter. */}
      <div id={panelId} className={classes.filterPanel} hidden={!open} tabIndex={-1}>
        <Checkbox.Group label="Sources" value={checked} onChange={onChange}>
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
      </div>
    </div>
  );
}
