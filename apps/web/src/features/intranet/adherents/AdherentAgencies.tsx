import { Badge, Button, Card, Group, Stack, Table, Title } from '@mantine/core';
import type { AgencySummary } from '@reseau/contracts/schemas/agencies';
import { IconBuildingStore, IconEdit, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Adherent } from '../../../api/adherents';
import { api } from '../../../api/http';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { useTranslation } from '../../../i18n';
import '../../../i18n/lists';
import { agencyHref } from './links';

/**
 * The adherent's agencies on its page (spec 01 §2): name, edit, state, and the add button. The
 * agency form and its active switch belong to the agencies area (`/intranet/agency`), which saves
 * the agency; here the state is shown.
 */
export function AdherentAgencies({ adherent }: { adherent: Adherent }) {
  const { t } = useTranslation();
  const agencies = useQuery({
    queryKey: ['agencies', 'adherent', adherent.id],
    queryFn: async () =>
      (await api.get<{ agencies: AgencySummary[] }>('/agencies', { query: { adherentId: adherent.id } })).agencies,
    meta: { errorMessage: 'adherents.errors.loadAgencies' },
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
        ) : !agencies.data?.length ? (
          <EmptyBlock icon={<IconBuildingStore size={28} />} title={t('list.noData')} />
        ) : (
          <Table aria-label={t('adherents.agencies')} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adherents.agencyName')}</Table.Th>
                <Table.Th>{t('adherents.state')}</Table.Th>
                <Table.Th ta="right">{t('adherents.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {agencies.data.map((agency) => (
                <Table.Tr key={agency.id}>
                  <Table.Td>{agency.name}</Table.Td>
                  <Table.Td>
                    <Badge color={agency.isActive ? 'teal' : 'gray'} variant="light">
                      {agency.isActive ? t('adherents.isActive') : t('adherents.isInactive')}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
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
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
