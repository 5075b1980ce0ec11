// A list's header that tells screen readers how the list is sorted: `aria-sort` on the column sorted by (WAI-ARIA,
// grid and table columnheader). react-admin's DataTable marked the sort only by an arrow, so that a screen-reader user
// heard each header as its action ("Sort by title ascending") and never which column the list followed (a keyboard
// probe, 2026-12-07). Every DataTable of the console is given it: `head={SortedDataTableHead}`.
import { Children, cloneElement, isValidElement } from 'react';
import { DataTableHead, useDataTableSortContext, type DataTableHeadProps } from 'react-admin';

interface ColumnProps {
  source?: string;
  disableSort?: boolean;
}

export function SortedDataTableHead({ children, ...rest }: DataTableHeadProps) {
  const sort = useDataTableSortContext();
  const marked = Children.map(children, (column) => {
    if (!sort || !isValidElement<ColumnProps>(column) || column.props.disableSort || column.props.source !== sort.field) return column;
    return cloneElement(column as React.ReactElement<ColumnProps & { 'aria-sort'?: string }>, { 'aria-sort': sort.order === 'ASC' ? 'ascending' : 'descending' });
  });
  return <DataTableHead {...rest}>{marked}</DataTableHead>;
}
