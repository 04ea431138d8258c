import { Stack, Tabs, Title } from '@mantine/core';
import { DIRECTORY_PAGE_SIZE, DIRECTORY_TABS } from '@reseau/contracts/constants/directory';
import { IconAddressBook } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useAgencyAdherentAdmins, useDirectoryNetworkAdmins } from '../../../api/directory';
import { CardGrid } from '../../../components/CardGrid';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { FiltersBar } from '../../../components/FiltersBar';
import { useTranslation } from '../../../i18n';
import { clientPages } from '../../../lib/client-pages';
import { listParam, useListParams } from '../../../lib/use-list-params';
import { DirectoryCard, type DirectoryPerson } from './DirectoryCard';
import { matchesSearch } from './directory-filters';
import { RegionChips } from './RegionChips';

const FILTERS = { tab: listParam.oneOf(DIRECTORY_TABS, 'adherents'), regionId: listParam.id() };

type Entry = DirectoryPerson & { key: string; regionId: number | null };

/**
 * `/intranet/adherent-book-list` (spec 02 §2): the network adherents (each adherent admin per
 * agency) and the network heads, region chips, a search, cards 8 a page paged on the screen. The
 * tab, region, search and page are in the address.
 */
export function AdherentBookListPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const { tab, regionId } = list.filters;
  const adherents = useAgencyAdherentAdmins(tab === 'adherents');
  const heads = useDirectoryNetworkAdmins(tab === 'heads');
  const query = tab === 'adherents' ? adherents : heads;

  const entries = useMemo<Entry[] | undefined>(() => {
    const all: Entry[] | undefined =
      tab === 'adherents'
        ? adherents.data?.map((e) => ({ ...e, key: `${e.adminId}-${e.agencyId}` }))
        : heads.data?.map((h) => ({ ...h, key: String(h.id) }));
    return all?.filter(
      (e) =>
        (regionId === null || e.regionId === regionId) &&
        matchesSearch(list.search, [e.firstName, e.lastName, e.position, e.agencyName, e.city, e.region]),
    );
  }, [tab, adherents.data, heads.data, regionId, list.search]);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('menu.adherentBookList')}
      </Title>
      <Tabs value={tab} onChange={(value) => list.setFilter('tab', value === 'heads' ? 'heads' : 'adherents')}>
        <Tabs.List>
          <Tabs.Tab value="adherents">{t('directory.tabs.adherents')}</Tabs.Tab>
          <Tabs.Tab value="heads">{t('directory.tabs.heads')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={tab} pt="md">
          <CardGrid
            label={t(tab === 'adherents' ? 'directory.adherentsLabel' : 'directory.headsLabel')}
            query={clientPages(query, entries, list.pageNumber, DIRECTORY_PAGE_SIZE)}
            pageNumber={list.pageNumber}
            onPageChange={list.setPage}
            itemKey={(entry) => entry.key}
            skeletonCount={DIRECTORY_PAGE_SIZE}
            skeletonHeight={190}
            filters={
              <FiltersBar search={list.searchInput} searchLabel={t('directory.search')}>
                <RegionChips value={regionId} onChange={(id) => list.setFilter('regionId', id)} />
              </FiltersBar>
            }
            empty={
              <EmptyBlock icon={<IconAddressBook size={28} />} title={t('directory.empty')} text={t('directory.emptyText')} />
            }
            renderItem={(entry) => <DirectoryCard person={entry} />}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
