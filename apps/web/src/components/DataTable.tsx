import { Anchor, Table } from '@mantine/core';
import { type CSSProperties, Fragment, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../i18n';
import '../i18n/lists';
import classes from './DataTable.module.css';

export interface Column<T> {
  key: string;
  header: string;
  cell(row: T): ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
  /** The cell's text stays on one line (an address, a phone number). */
  nowrap?: boolean;
}

export interface DataTableProps<T> {
  /** The table's accessible name, e.g. « Liste des utilisateurs ». */
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey(row: T): string | number;
  /** Opens a row: its first cell becomes a link (keyboard), and a click anywhere on the row follows it. */
  rowHref?(row: T): string;
  /** Buttons at the end of a row (edit, delete…), under an « Actions » header. */
  rowActions?(row: T): ReactNode;
  /** The width of the actions column. */
  actionsWidth?: number;
  /** Below this width the table scrolls sideways rather than squeezing its cells (390 px screens). */
  minWidth?: number;
  /** Rows light up under the pointer (always when they open). */
  highlightOnHover?: boolean;
  /**
   * Rows in groups, each closed by a total row: its label across the columns but the last, its
   * value in the last (a report: signatures per agency and month, then the agency's total).
   */
  groups?: { of(rows: T[]): T[][]; total(group: T[]): { label: string; value: ReactNode } };
  verticalSpacing?: 'xs' | 'sm';
}

/** A click on a link, button or field inside a row is that control's, not the row's. */
function fromControl(event: MouseEvent<HTMLElement>): boolean {
  return event.target instanceof Element && event.target.closest('a, button, input, select, textarea, label') !== null;
}

const NOWRAP: CSSProperties = { whiteSpace: 'nowrap' };

/**
 * Every table of rows: columns from the caller, a sideways scroll with shadows on narrow screens,
 * rows that open, and the row's actions at the end. `PagedTable` draws a paged query's rows with it.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowHref,
  rowActions,
  actionsWidth,
  minWidth = 640,
  highlightOnHover = false,
  groups,
  verticalSpacing = 'sm',
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const renderRow = (row: T) => {
    const href = rowHref?.(row);
    return (
      <Table.Tr
        key={rowKey(row)}
        className={href ? classes.linkRow : undefined}
        onClick={href ? (event) => fromControl(event) || navigate(href) : undefined}
      >
        {columns.map((column, index) => (
          <Table.Td key={column.key} ta={column.align} style={column.nowrap ? NOWRAP : undefined}>
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
  };
  const totalRow = (group: T[]) => {
    const total = groups!.total(group);
    const last = columns[columns.length - 1];
    return (
      <Table.Tr bg="var(--mantine-color-gray-0)">
        <Table.Th scope="row" colSpan={columns.length - 1}>
          {total.label}
        </Table.Th>
        <Table.Td ta={last?.align} fw={700}>
          {total.value}
        </Table.Td>
      </Table.Tr>
    );
  };
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={label}
      className={classes.scroll}
    >
      <Table aria-label={label} highlightOnHover={highlightOnHover || Boolean(rowHref)} verticalSpacing={verticalSpacing}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} ta={column.align} w={column.width}>
                {column.header}
              </Table.Th>
            ))}
            {rowActions ? (
              <Table.Th ta="right" w={actionsWidth}>
                {t('list.actions')}
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups
            ? groups.of(rows).map((group) => (
                <Fragment key={rowKey(group[0]!)}>
                  {group.map(renderRow)}
                  {totalRow(group)}
                </Fragment>
              ))
            : rows.map(renderRow)}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
