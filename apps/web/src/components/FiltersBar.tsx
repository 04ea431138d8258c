import { Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
import '../i18n/lists';

/**
 * The bar above a list: a search box bound to the list's address (useListParams().searchInput)
 * and the area's own filters (chips, selects) beside it. It wraps under 390 px.
 */
export function FiltersBar({
  search,
  searchLabel,
  children,
}: {
  search?: { value: string; onChange(text: string): void };
  /** What the box searches, e.g. « Rechercher une actualité »; « Rechercher » by default. */
  searchLabel?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const label = searchLabel ?? t('list.search');
  return (
    <Group role="group" aria-label={t('list.filters')} gap="sm" align="center" wrap="wrap">
      {search ? (
        <TextInput
          type="search"
          aria-label={label}
          placeholder={label}
          value={search.value}
          onChange={(event) => search.onChange(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          w={{ base: '100%', xs: 280 }}
        />
      ) : null}
      {children}
    </Group>
  );
}
