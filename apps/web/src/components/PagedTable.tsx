import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './DataTable';
import { ListSkeleton } from './ListSkeleton';
import { PagedView, type PagedViewProps } from './PagedView';

export interface PagedTableProps<T>
  extends Omit<PagedViewProps<T>, 'skeleton' | 'children'>,
    Omit<DataTableProps<T>, 'rows' | 'highlightOnHover' | 'actionsWidth'> {
  /** The filters bar (FiltersBar) above the table. */
  filters?: ReactNode;
}

/** A staff list as a table: columns from the caller, rows from a paged query (see PagedView), drawn by DataTable. */
export function PagedTable<T>({ label, columns, rowKey, rowHref, rowActions, filters, minWidth, ...view }: PagedTableProps<T>) {
  return (
    <Stack gap="md">
      {filters}
      <PagedView {...view} skeleton={<ListSkeleton rows={5} height={40} />}>
        {(rows) => (
          <DataTable
            label={label}
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            rowHref={rowHref}
            rowActions={rowActions}
            minWidth={minWidth}
          />
        )}
      </PagedView>
    </Stack>
  );
}
