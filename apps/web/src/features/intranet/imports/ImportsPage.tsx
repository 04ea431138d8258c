import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAgencies } from '../../../api/agencies';
import { type ImportSummary, useImports } from '../../../api/imports';
import { CardGrid } from '../../../components/CardGrid';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { FiltersBar } from '../../../components/FiltersBar';
import { Select } from '../../../components/overlays';
import { useTranslation } from '../../../i18n';
import { clientPages } from '../../../lib/client-pages';
import { setCurrentAgency, useSession } from '../../../lib/session';
import { listParam, useListParams } from '../../../lib/use-list-params';
import { ImportCard } from './ImportCard';
import { ImportErrorsDrawer } from './ImportErrorsDrawer';

/** The agency in the address (`?agencyId=`); the shell's current agency when absent. */
const FILTERS = { agencyId: listParam.id() };
/** Imports shown a page: the server pages the history (an hourly import makes 700 a month). */
const IMPORTS_PAGE_SIZE = 12;

/**
 * `/intranet/imports` (issue 11): what the agency's software sent, newest first, with the counts
 * of each status; the errors of an import on screen (a drawer) or as a CSV file. The agencies
 * offered are those of GET /agencies: every agency for roles 1 and 2, one's own otherwise.
 */
export function ImportsPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const agencies = useAgencies();
  const session = useSession();
  const currentAgencyId = session.currentAgency?.id ?? null;
  const known = (id: number | null) => id !== null && (agencies.data ?? []).some((a) => a.id === id);
  // A link to an agency the user may not choose (or no longer exists) falls back to the current one.
  const agencyId = known(list.filters.agencyId)
    ? list.filters.agencyId
    : known(currentAgencyId)
      ? currentAgencyId
      : (agencies.data?.[0]?.id ?? null);
  const history = useImports(agencyId, list.pageNumber, IMPORTS_PAGE_SIZE);
  const [errorsOf, setErrorsOf] = useState<ImportSummary | null>(null);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('menu.imports')}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t('imports.intro')}
        </Text>
      </div>
      {agencies.isPending ? (
        <Skeleton height={36} w={{ base: '100%', xs: 320 }} aria-label={t('imports.loadingAgencies')} />
      ) : agencyId === null && !agencies.isError ? (
        <Alert color="gray">{t('imports.noAgency')}</Alert>
      ) : (
        <CardGrid
          label={t('imports.listLabel')}
          // Without the agencies there is no history to ask for: the list shows their error and retry.
          query={agencies.isError ? clientPages<ImportSummary>(agencies, undefined, 1, IMPORTS_PAGE_SIZE) : history}
          pageNumber={list.pageNumber}
          onPageChange={list.setPage}
          itemKey={(summary) => summary.id}
          skeletonCount={3}
          skeletonHeight={170}
          filters={
            (agencies.data?.length ?? 0) > 1 ? (
              <FiltersBar>
                <Select
                  label={t('imports.agency')}
                  w={{ base: '100%', xs: 320 }}
                  searchable={(agencies.data?.length ?? 0) > 8}
                  allowDeselect={false}
                  data={(agencies.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
                  value={agencyId === null ? null : String(agencyId)}
                  onChange={(value) => list.setFilter('agencyId', value ? Number(value) : null)}
                />
              </FiltersBar>
            ) : undefined
          }
          empty={
            <EmptyBlock icon={<IconFileImport size={28} />} title={t('imports.empty')} text={t('imports.emptyText')}>
              {/* My agency shows the shell's current agency: make it the one chosen here. */}
              <Button
                component={Link}
                to="/intranet/my-agency"
                variant="light"
                mt="sm"
                onClick={() => {
                  const chosen = session.agencies.find((a) => a.id === agencyId);
                  if (chosen) setCurrentAgency(chosen);
                }}
              >
                {t('imports.emptyMyAgency')}
              </Button>
            </EmptyBlock>
          }
          renderItem={(summary) => <ImportCard summary={summary} onShowErrors={() => setErrorsOf(summary)} />}
        />
      )}
      <ImportErrorsDrawer summary={errorsOf} onClose={() => setErrorsOf(null)} />
    </Stack>
  );
}
