import type { ReactNode } from 'react';
import { TableScroll } from './table-scroll';
import table from './table.module.css';

/**
 * A captioned table of rows with column headers, in the region that scrolls sideways on a phone. `label`
 * names the scroll region (defaults to the caption); it must differ from any region around it.
 */
export function DataTable({
  caption,
  columns,
  label,
  children,
}: {
  caption: string;
  columns: readonly string[];
  label?: string;
  children: ReactNode;
}) {
  return (
    <TableScroll label={label ?? caption}>
      <table className={table.table}>
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
