import type { ReactNode } from 'react';
import { TableScroll } from './table-scroll';
import table from './table.module.css';

/**
 * A captioned table of rows with column headers, in the region that scrolls sideways on a phone. `label`
 * names the scroll region (defaults to the caption); it must differ from any region around it. With `stacked`,
 * each row is a card on a phone instead: give every `<td>` a `data-label` (its column's name), which leads the
 * cell there; the row's `<th>` stands alone as the card's title.
 */
export function DataTable({
  caption,
  columns,
  label,
  stacked = false,
  children,
}: {
  caption: string;
  columns: readonly string[];
  label?: string;
  stacked?: boolean;
  children: ReactNode;
}) {
  return (
    <TableScroll label={label ?? caption}>
      <table className={stacked ? `${table.table} ${table.stacked}` : table.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
