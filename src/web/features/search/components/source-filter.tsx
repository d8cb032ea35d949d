import { Button, Checkbox } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { SOURCE_LABELS, type SourceKey } from '../../../../common/search-sources';
import { useDisclosure } from '../../../components/use-disclosure';
import classes from './search-page.module.css';

interface SourceFilterProps {
  available: SourceKey[];
  /** The sources checked (all of `available` when none is chosen). */
  checked: SourceKey[];
  onChange(values: string[]): void;
}

/**
 * The search page's source filter: a button that shows and hides the checkboxes below it (the WAI-ARIA
 * disclosure pattern of `useDisclosure`, as the header's menus have it). Not Mantine's Popover, whose
 * positioning and focus-trap code was the largest script of the search page's first load (Lighthouse,
 * bench/README.md) for a panel that opens in place. Escape closes it and gives the focus back to the button;
 * leaving it with Tab or a click elsewhere closes it too.
 */
export function SourceFilter({ available, checked, onChange }: SourceFilterProps) {
  const { open, panelId, rootRef, onBlur, closeToButton, buttonProps } = useDisclosure();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    closeToButton();
  };

  return (
    <div ref={rootRef} className={classes.filter} onKeyDown={onKeyDown} onBlur={onBlur}>
      <Button {...buttonProps} variant="default" className={classes.filterButton}>
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
