import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
import classes from './CardGrid.module.css';
import { PagedView, type PagedViewProps } from './PagedView';

export interface CardGridProps<T> extends Omit<PagedViewProps<T>, 'skeleton' | 'children'> {
  /** The list's accessible name, e.g. « Actualités du réseau ». */
  label: string;
  itemKey(item: T): string | number;
  renderItem(item: T): ReactNode;
  /** The filters bar (FiltersBar) above the grid. */
  filters?: ReactNode;
  /** Placeholder cards while the first page loads. */
  skeletonCount?: number;
  skeletonHeight?: number;
  /** A class added to the grid (skeleton too) when a screen's cards have another width. */
  gridClassName?: string;
}

/**
 * Cards about 350 px wide in 1 to 3 columns (spec 01 §2 news): as many as fit, never more than 3,
 * one under 390 px. The grid is a list, so a screen reader announces how many cards it holds.
 */
export function CardGrid<T>({
  label,
  itemKey,
  renderItem,
  filters,
  skeletonCount = 6,
  skeletonHeight = 280,
  gridClassName,
  ...view
}: CardGridProps<T>) {
  const { t } = useTranslation();
  const grid = gridClassName ? `${classes.grid} ${gridClassName}` : classes.grid;
  const skeleton = (
    <div className={grid} role="status" aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: skeletonCount }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} height={skeletonHeight} radius="md" />
      ))}
    </div>
  );
  return (
    <Stack gap="md">
      {filters}
      <PagedView {...view} skeleton={skeleton}>
        {(items) => (
          <ul className={grid} aria-label={label}>
            {items.map((item) => (
              <li key={itemKey(item)} className={classes.cell}>
                {renderItem(item)}
              </li>
            ))}
          </ul>
        )}
      </PagedView>
    </Stack>
  );
}
