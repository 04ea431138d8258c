import { Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import classes from './ComparisonBarChart.module.css';

export interface ComparisonSeries {
  key: string;
  label: string;
  /** A CSS colour (a Mantine variable). */
  color: string;
}

export interface ComparisonRow {
  id: number | string;
  label: string;
  /** One value per series key; null when there is none to show. */
  values: Record<string, number | null>;
  /** A line of context under the label (a rank, a total), also in the table through `extraColumns`. */
  note?: string;
}

const formatNumber = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/**
 * Small horizontal bar charts comparing a few series per line (an agency against the network's
 * average), drawn in SVG without a chart library. The bars are decoration for the eye: the same
 * figures are written beside each bar, and screen readers get them as a table (`caption`).
 */
export function ComparisonBarChart({
  caption,
  series,
  rows,
  extraColumns = [],
}: {
  caption: string;
  series: ComparisonSeries[];
  rows: ComparisonRow[];
  /** More figures for the table only (a total, a rank): header and the text of each row. */
  extraColumns?: { header: string; cell: (row: ComparisonRow) => string }[];
}) {
  const legendId = useId();
  const max = Math.max(1, ...rows.flatMap((row) => series.map((s) => row.values[s.key] ?? 0)));
  return (
    <figure className={classes.figure}>
      <Group gap="md" id={legendId} aria-hidden="true" className={classes.legend}>
        {series.map((s) => (
          <Group key={s.key} gap={6} wrap="nowrap">
            <span className={classes.swatch} style={{ background: s.color }} />
            <Text size="xs">{s.label}</Text>
          </Group>
        ))}
      </Group>
      <Stack gap="sm" aria-hidden="true">
        {rows.map((row) => (
          <div key={row.id} className={classes.row}>
            <div className={classes.label}>
              <Text size="sm" fw={500}>
                {row.label}
              </Text>
              {row.note ? (
                <Text size="xs" c="dimmed">
                  {row.note}
                </Text>
              ) : null}
            </div>
            <div className={classes.bars}>
              {series.map((s) => {
                const value = row.values[s.key];
                const width = value === null || value === undefined ? 0 : (value / max) * 100;
                return (
                  <div key={s.key} className={classes.barLine}>
                    <svg
                      className={classes.svg}
                      viewBox="0 0 100 10"
                      preserveAspectRatio="none"
                      focusable="false"
                      aria-hidden="true"
                    >
                      <rect x="0" y="0" width="100" height="10" className={classes.track} />
                      <rect x="0" y="0" width={width} height="10" fill={s.color} />
                    </svg>
                    <Text size="xs" className={classes.value}>
                      {value === null || value === undefined ? '–' : formatNumber.format(value)}
                    </Text>
                  </div>
                );
              })}
            </div>
          </div>
        ))}
      </Stack>
      <VisuallyHidden>
        <Table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{caption}</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
              {extraColumns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.label}</th>
                {series.map((s) => (
                  <td key={s.key}>{row.values[s.key] === null ? '–' : formatNumber.format(row.values[s.key] ?? 0)}</td>
                ))}
                {extraColumns.map((column) => (
                  <td key={column.header}>{column.cell(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}
