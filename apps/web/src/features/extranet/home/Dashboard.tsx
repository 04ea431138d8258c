import { Stack, Text, Title } from '@mantine/core';
import { useAgency } from '../../../api/agencies';
import { useMyContracts } from '../../../api/extranet/contracts';
import { useTranslation } from '../../../i18n';
import { type StoredAgency, useSession } from '../../../lib/session';
import { AdvertisementModal } from './AdvertisementModal';
import { ContractsByAddress } from './ContractsByAddress';
import { ServiceCalls } from './ServiceCalls';
import { ToDoList } from './ToDoList';

/** `/extranet` with a current agency: what to do, where the service calls are, the contracts (spec 03 §2). */
export function Dashboard({ agency }: { agency: StoredAgency }) {
  const { t } = useTranslation();
  const { claims } = useSession();
  const detail = useAgency(agency.id);
  // The same query as the contracts below (one call): an account without a contract gets no advertisement.
  const contracts = useMyContracts(agency.id);
  return (
    <Stack gap="xl">
      <div>
        <Title order={1} size="h2">
          {t('extranet.dashboard.greeting', { name: claims?.given_name ?? '' })}
        </Title>
        <Text c="dimmed" mt={6}>
          {t('extranet.dashboard.subtitle', { agency: agency.name })}
        </Text>
      </div>
      <Stack gap="md">
        <ToDoList agencyId={agency.id} />
        <ServiceCalls agencyId={agency.id} />
      </Stack>
      <ContractsByAddress agency={agency} />
      <AdvertisementModal agency={detail.data} customerId={claims?.sub} show={(contracts.data?.length ?? 0) > 0} />
    </Stack>
  );
}
