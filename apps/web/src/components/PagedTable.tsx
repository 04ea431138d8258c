import { Anchor, Stack, Table } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../i18n';
import '../i18n/lists';
import { ListSkeleton } from './ListSkeleton';
import classes from './PagedTable.module.css';
import { PagedView, type PagedViewProps } from './PagedView';

export interface Column<T> {
  key: string;
  header: string;
  cell(row: T): ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
}

export interface PagedTableProps<T> extends Omit<PagedViewProps<T>, 'skeleton' | 'children'> {
  /** The table's accessible name, e.g. « Liste des utilisateurs ». */
  label: string;
  columns: Column<T>[];
  rowKey(row: T): string | number;
  /** Opens a row: its first cell becomes a link (keyboard), and a click anywhere on the row follows it. */
  rowHref?(row: T): string;
  /** Buttons at the end of a row (edit, delete…), under an « Actions » header. */
  rowActions?(row: T): ReactNode;
  /** The filters bar (FiltersBar) above the table. */
  filters?: ReactNode;
  /** Below this width the table scrolls sideways rather than squeezing its cells (390 px screens). */
  minWidth?: number;
}

/** A click on a link, button or field inside a row is that control's, not the row's. */
function fromControl(event: MouseEvent<HTMLElement>): boolean {
  return event.target instanceof Element && event.target.closest('a, button, input, select, textarea, label') !== null;
}

/** A staff list as a table: columns from the caller, rows from a paged query (see PagedView). */
export function PagedTable<T>({
  label,
  columns,
  rowKey,
  rowHref,
  rowActions,
  filters,
  minWidth = 640,
  ...view
}: PagedTableProps<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      {filters}
      <PagedView {...view} skeleton={<ListSkeleton rows={5} height={40} />}>
        {(rows) => (
          <Table.ScrollContainer
            minWidth={minWidth}
            type="native"
            tabIndex={0}
            role="region"
            aria-label={label}
            className={classes.scroll}
          >
            <Table aria-label={label} highlightOnHover={Boolean(rowHref)} verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column.key} ta={column.align} w={column.width}>
                      {column.header}
                    </Table.Th>
                  ))}
                  {rowActions ? <Table.Th ta="right">{t('list.actions')}</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const href = rowHref?.(row);
                  return (
                    <Table.Tr
                      key={rowKey(row)}
                      className={href ? classes.linkRow : undefined}
                      onClick={href ? (event) => fromControl(event) || navigate(href) : undefined}
                    >
                      {columns.map((column, index) => (
                        <Table.Td key={column.key} ta={column.align}>
                          {href && index === 0 ? (
                            <Anchor component={Link} to={href} fw={600}>
                              {column.cell(row)}
                            </Anchor>
                          ) : (
                            column.cell(row)
                          )}
                        </Table.Td>
                      ))}
                      {rowActions ? <Table.Td ta="right">{rowActions(row)}</Table.Td> : null}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </PagedView>
    </Stack>
  );
}
