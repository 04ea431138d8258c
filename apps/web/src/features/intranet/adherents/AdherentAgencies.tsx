import { Button, Card, Group, Stack, Switch, Title } from '@mantine/core';
import { type AgencyDetail, type AgencySummary, agencyBodyFromForm, agencyFormOf } from '@reseau/contracts/schemas/agencies';
import { IconBuildingStore, IconEdit, IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Adherent } from '../../../api/adherents';
import { saveAgency, useAdherentAgencies } from '../../../api/agencies';
import { api } from '../../../api/http';
import { DataTable } from '../../../components/DataTable';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { useTranslation } from '../../../i18n';
import { isApiError } from '../../../lib/api-error';
import '../../../i18n/lists';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { agencyHref } from './links';

/**
 * The adherent's agencies on its page (spec 01 §2): name, edit link to the agency form, active
 * switch and the add button. The switch saves the agency at once (spec 01 §4): PUT /agencies/{id}
 * with the stored agency as the form would send it (the PayPlug key left out, so kept) and the new
 * state; the server lets only adherents_administration change the state.
 */
export function AdherentAgencies({ adherent }: { adherent: Adherent }) {
  const { t } = useTranslation();
  const agencies = useAdherentAgencies(adherent.id);

  const toggle = useMutation({
    mutationFn: async (agency: AgencySummary) => {
      const stored = await api.get<AgencyDetail>(`/agencies/${agency.id}`);
      await saveAgency(agency.id, adherent.id, { ...agencyBodyFromForm(agencyFormOf(stored)), isActive: !agency.isActive });
    },
    onSuccess: () => notifySuccess(t('adherents.agencySaved')),
    // A stored agency that misses a required field is refused: its messages say which (spec 01 §8).
    onError: (error) =>
      notifyError(
        isApiError(error) && error.code === 'validation_failed'
          ? (Object.values(error.errors)[0] ?? [error.message]).join(' ')
          : t('adherents.errors.saveAgency'),
      ),
  });

  return (
    <Card shadow="xs">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4">
            {t('adherents.agencies')}
          </Title>
          <Button
            component={Link}
            to={agencyHref(adherent)}
            variant="light"
            leftSection={<IconPlus size={18} aria-hidden="true" />}
          >
            {t('adherents.addAgency')}
          </Button>
        </Group>
        {agencies.isPending ? (
          <ListSkeleton rows={2} height={40} />
        ) : agencies.isError ? (
          <LoadError message={t('adherents.errors.loadAgencies')} onRetry={() => void agencies.refetch()} />
        ) : agencies.data.length === 0 ? (
          <EmptyBlock icon={<IconBuildingStore size={28} />} title={t('list.noData')} />
        ) : (
          <DataTable
            label={t('adherents.agencies')}
            minWidth={320}
            rows={agencies.data}
            rowKey={(agency) => agency.id}
            columns={[
              { key: 'name', header: t('adherents.agencyName'), cell: (agency) => agency.name },
              {
                key: 'active',
                header: t('adherents.active'),
                cell: (agency) => (
                  <Switch
                    checked={agency.isActive}
                    aria-label={t('adherents.activeAgency', { name: agency.name })}
                    disabled={toggle.isPending}
                    onChange={() => toggle.mutate(agency)}
                  />
                ),
              },
            ]}
            rowActions={(agency) => (
              <Button
                component={Link}
                to={agencyHref(adherent, agency.id)}
                variant="subtle"
                size="compact-sm"
                leftSection={<IconEdit size={16} aria-hidden="true" />}
                aria-label={t('adherents.editOne', { name: agency.name })}
              >
                {t('adherents.edit')}
              </Button>
            )}
          />
        )}
      </Stack>
    </Card>
  );
}
