import { Box, Group, NativeSelect, Pagination } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from '../i18n';
import '../i18n/lists';
import type { PagedQuery } from '../lib/use-paged-query';
import { EmptyBlock } from './EmptyBlock';
import { LoadError } from './LoadError';

export interface PagedViewProps<T> {
  query: PagedQuery<T>;
  /** 1-based, from the address (useListParams). */
  pageNumber: number;
  onPageChange(pageNumber: number, options?: { replace?: boolean }): void;
  /** Shown while the first page loads. */
  skeleton: ReactNode;
  /** Shown when the page has no row; "Aucune donnée" by default (spec 01 §8). */
  empty?: ReactNode;
  children: (items: T[]) => ReactNode;
  /** A page-size select under the rows (spec 02 §9: 10, 30, 50 or 100 rows), for the lists that offer one. */
  pageSize?: PageSizeChoice;
}

export interface PageSizeChoice {
  value: number;
  options: readonly number[];
  onChange(pageSize: number): void;
}

/**
 * The states every paged list goes through, in one place: loading (skeleton), failed (message and
 * "Réessayer"), empty, rows (dimmed while the next page loads) and the pager under them.
 */
export function PagedView<T>({ query, pageNumber, onPageChange, skeleton, empty, children, pageSize }: PagedViewProps<T>) {
  const { t } = useTranslation();
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = query;
  const pageCount = data?.pageCount ?? 0;
  const top = useRef<HTMLDivElement>(null);

  // A link to a page that no longer exists (rows were deleted) shows the last one instead.
  useEffect(() => {
    if (data && !isPlaceholderData && data.pageCount >= 1 && pageNumber > data.pageCount) {
      onPageChange(data.pageCount, { replace: true });
    }
  }, [data, isPlaceholderData, pageNumber, onPageChange]);

  if (isPending) return <>{skeleton}</>;
  if (isError || !data) {
    return <LoadError variant="block" message={t('list.loadFailed')} retrying={isFetching} onRetry={refetch} />;
  }

  const updating = isPlaceholderData && isFetching;
  return (
    <Box ref={top} aria-busy={updating || undefined} style={{ opacity: updating ? 0.6 : 1, transition: 'opacity 120ms' }}>
      {data.items.length === 0
        ? (empty ?? <EmptyBlock icon={<IconDatabaseOff size={28} />} title={t('list.noData')} />)
        : children(data.items)}
      {pageCount > 1 || (pageSize && data.items.length > 0) ? (
        <Group justify={pageSize ? 'space-between' : 'center'} mt="lg" gap="sm">
          {pageCount > 1 ? (
            <Group component="nav" aria-label={t('list.pagination')} justify="center">
              <Pagination
                total={pageCount}
                value={Math.min(pageNumber, pageCount)}
                onChange={(page) => {
                  onPageChange(page);
                  // The pager sits under the rows: the next page is read from its top.
                  top.current?.scrollIntoView({ block: 'start' });
                }}
                siblings={1}
                boundaries={1}
                getItemProps={(page) => ({ 'aria-label': t('list.page', { page }) })}
                getControlProps={(control) => ({ 'aria-label': t(`list.${control}Page`) })}
              />
            </Group>
          ) : (
            <span />
          )}
          {pageSize ? (
            <NativeSelect
              label={t('list.pageSize')}
              size="xs"
              w={130}
              value={String(pageSize.value)}
              data={pageSize.options.map(String)}
              onChange={(event) => pageSize.onChange(Number(event.currentTarget.value))}
            />
          ) : null}
        </Group>
      ) : null}
    </Box>
  );
}
