import { Button, Chip, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconFileText, IconPlus } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import {
  useDocumentBaseItemCategories,
  useDocumentBaseItemPage,
  useDocumentBaseItemTypes,
  useDocumentBases,
} from '../../../api/document-bases';
import { CardGrid } from '../../../components/CardGrid';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { FiltersBar } from '../../../components/FiltersBar';
import { Select } from '../../../components/overlays';
import { useTranslation } from '../../../i18n';
import { listParam, useListParams } from '../../../lib/use-list-params';
import { DocumentCard } from './DocumentCard';
import { DOC_BASES, editPath, idParam, itemPath, useMayWrite } from './doc-base-access';
import { UnknownBase } from './UnknownBase';

const FILTERS = { categoryId: listParam.id(), typeId: listParam.id() };
const ALL = 'all';

/**
 * `/intranet/doc-base/{base}` (spec 02 §2): category select, the chosen category's type chips,
 * text search, cards 12 a page; a card opens the document; writers see "Ajouter un document".
 * The list's state is in the address, so the detail's back button returns to the same page.
 */
export function DocBaseListPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const baseId = idParam(useParams().baseId) ?? 0;
  const bases = useDocumentBases();
  const base = bases.data?.find((b) => b.id === baseId);
  const list = useListParams(FILTERS);
  const categoryId = list.filters.categoryId;
  const categories = useDocumentBaseItemCategories(baseId, base !== undefined);
  const types = useDocumentBaseItemTypes(categoryId);
  // A type of another category (left in an address) is not sent.
  const typeId = categoryId !== null && types.data?.some((type) => type.id === list.filters.typeId) ? list.filters.typeId : null;
  const items = useDocumentBaseItemPage(
    {
      documentBaseId: baseId,
      pageNumber: list.pageNumber,
      search: list.search || undefined,
      categoryId: categoryId ?? undefined,
      typeId: typeId ?? undefined,
    },
    base !== undefined,
  );
  const mayWrite = useMayWrite(base);
  const categoryName = (id: number) => categories.data?.find((c) => c.id === id)?.name;

  if (bases.data && !base) return <UnknownBase />;

  const chooseCategory = (value: string | null) => {
    if (list.filters.typeId !== null) list.setFilter('typeId', null);
    list.setFilter('categoryId', value ? Number(value) : null);
  };

  return (
    <Stack gap="lg">
      <div>
        <Button
          component={Link}
          to={DOC_BASES}
          variant="subtle"
          px={0}
          leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
        >
          {t('documentBases.backToBases')}
        </Button>
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1} size="h2">
            {base?.name ?? t('menu.docBase')}
          </Title>
          {mayWrite ? (
            <Button component={Link} to={editPath(baseId)} leftSection={<IconPlus size={18} aria-hidden="true" />}>
              {t('documentBases.add')}
            </Button>
          ) : null}
        </Group>
      </div>
      <CardGrid
        label={t('documentBases.listLabel')}
        query={items}
        pageNumber={list.pageNumber}
        onPageChange={list.setPage}
        itemKey={(item) => item.id}
        skeletonHeight={320}
        filters={
          <FiltersBar search={list.searchInput} searchLabel={t('documentBases.search')}>
            <Select
              aria-label={t('documentBases.category')}
              placeholder={t('documentBases.allCategories')}
              data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={categoryId === null ? null : String(categoryId)}
              onChange={chooseCategory}
              clearable
              w={{ base: '100%', sm: 260 }}
            />
            {categoryId !== null && types.data && types.data.length > 0 ? (
              <Chip.Group
                value={typeId === null ? ALL : String(typeId)}
                onChange={(value) => list.setFilter('typeId', value === ALL ? null : Number(value))}
              >
                <Group gap={8} role="radiogroup" aria-label={t('documentBases.types')}>
                  <Chip value={ALL} type="radio">
                    {t('documentBases.allTypes')}
                  </Chip>
                  {types.data.map((type) => (
                    <Chip key={type.id} value={String(type.id)} type="radio">
                      {type.name}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            ) : null}
          </FiltersBar>
        }
        empty={
          <EmptyBlock icon={<IconFileText size={28} />} title={t('documentBases.empty')} text={t('documentBases.emptyText')} />
        }
        renderItem={(item) => (
          <DocumentCard
            item={item}
            to={itemPath(baseId, item.id)}
            listSearch={location.search}
            categoryName={categoryName(item.categoryId)}
          />
        )}
      />
    </Stack>
  );
}
