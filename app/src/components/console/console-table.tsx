// A console table: a labelled region that scrolls sideways on narrow screens (and takes the focus
// to scroll by keyboard), with its column headings; the rows are the children.
import type { ReactNode } from 'react';

export interface Column {
  key: string;
  heading: ReactNode;
  /** A column of numbers (aligned to the end). */
  numeric?: boolean;
}

export function ConsoleTable({
  label,
  columns,
  narrow = false,
  children,
}: {
  label: string;
  columns: Column[];
  /** A few short columns: the table fits a phone instead of scrolling sideways. */
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={narrow ? 'table-scroll console-table console-table--narrow' : 'table-scroll console-table'}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className="data-table">
        <thead>
          <tr>
            {columns.map(({ key, heading, numeric }) => (
              <th key={key} scope="col" className={numeric ? 'console-num' : undefined}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
