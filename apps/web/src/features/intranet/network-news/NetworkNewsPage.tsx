import { Button, Chip, Group, Stack, Title } from '@mantine/core';
import { IconNews, IconPlus } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import {
  type NetworkActuality,
  useNetworkActualityCategories,
  useNetworkActualityPage,
  useSetNetworkActualityRead,
} from '../../../api/network-actualities';
import { CardGrid } from '../../../components/CardGrid';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { FiltersBar } from '../../../components/FiltersBar';
import { useTranslation } from '../../../i18n';
import { useSession } from '../../../lib/session';
import { listParam, useListParams } from '../../../lib/use-list-params';
import { NewsCard } from './NewsCard';
import { categoryLabel } from './news-text';

const FILTERS = { categoryId: listParam.id() };
const ALL = 'all';

/**
 * `/intranet/network-news` (spec 01 §2 "News"): category chips, search, cards 10 a page. A card
 * opens the detail, which marks it read; its toggle marks it read or unread; the add button leads to the editor for network_actualities_administration.
 * The list's state is in the address, so the detail's back button returns to the same page.
 */
export function NetworkNewsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const list = useListParams(FILTERS);
  const news = useNetworkActualityPage({
    pageNumber: list.pageNumber,
    search: list.search,
    categoryId: list.filters.categoryId ?? undefined,
  });
  const categories = useNetworkActualityCategories();
  const setRead = useSetNetworkActualityRead();
  // Marking read is network_news_reading's (spec 01 §6); the server checks it again.
  const canMarkRead = session.permissions.includes('network_news_reading');
  const canAdd = session.permissions.includes('network_actualities_administration');

  const mark = (item: NetworkActuality, isRead: boolean) => {
    if (canMarkRead) setRead.mutate({ id: item.id, isRead });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('menu.networkNews')}
        </Title>
        {canAdd ? (
          <Button component={Link} to="/intranet/network-news-edit" leftSection={<IconPlus size={18} aria-hidden="true" />}>
            {t('newsList.add')}
          </Button>
        ) : null}
      </Group>
      <CardGrid
        label={t('newsList.listLabel')}
        query={news}
        pageNumber={list.pageNumber}
        onPageChange={list.setPage}
        itemKey={(item) => item.id}
        skeletonHeight={340}
        filters={
          <FiltersBar search={list.searchInput} searchLabel={t('newsList.search')}>
            {categories.data && categories.data.length > 0 ? (
              <Chip.Group
                value={list.filters.categoryId === null ? ALL : String(list.filters.categoryId)}
                onChange={(value) => list.setFilter('categoryId', value === ALL ? null : Number(value))}
              >
                <Group gap={8} role="radiogroup" aria-label={t('newsList.categories')}>
                  <Chip value={ALL} type="radio">
                    {t('newsList.allCategories')}
                  </Chip>
                  {categories.data.map((category) => (
                    <Chip key={category.id} value={String(category.id)} type="radio">
                      {categoryLabel(category)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            ) : null}
          </FiltersBar>
        }
        empty={<EmptyBlock icon={<IconNews size={28} />} title={t('newsList.empty')} text={t('newsList.emptyText')} />}
        renderItem={(item) => (
          <NewsCard
            news={item}
            to={`/intranet/network-news/${item.id}`}
            listSearch={location.search}
            canMarkRead={canMarkRead}
            togglePending={setRead.isPending && setRead.variables?.id === item.id}
            onToggleRead={(toggled) => mark(toggled, !toggled.isRead)}
          />
        )}
      />
    </Stack>
  );
}
