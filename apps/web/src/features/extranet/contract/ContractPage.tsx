import { Anchor, Button, Card, Group, Skeleton, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAddressBook,
  IconArrowLeft,
  IconFileCertificate,
  IconFiles,
  IconFileText,
  IconMapPin,
  IconReceipt,
} from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useMyContracts } from '../../../api/extranet/contracts';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import tabClasses from '../../../components/ResponsiveTabs.module.css';
import { useTranslation } from '../../../i18n';
import { getSession, setCurrentAgency, useSession } from '../../../lib/session';
import { EquipmentIcon } from '../kit/EquipmentIcon';
import { ContractTab } from './ContractTab';
import { CONTRACT_TABS, contractTabOf, type ContractTab as TabId } from './contract-tabs';
import { DocumentsTab } from './DocumentsTab';
import { InvoicesTab } from './InvoicesTab';
import { QuotesTab } from './QuotesTab';

// Its forms bring the contract's schemas (zod): loaded when the tab opens, not with the page.
const ContactInfoTab = lazy(() => import('./ContactInfoTab').then((m) => ({ default: m.ContactInfoTab })));

const TAB_ICONS: Record<TabId, typeof IconFileText> = {
  contract: IconFileCertificate,
  quote: IconFileText,
  invoice: IconReceipt,
  documents: IconFiles,
  contact_info: IconAddressBook,
};

/** `/extranet/contract/{id}`: the contract, its quotes, invoices, documents and contact details (spec 03 §2). */
export function ContractPage() {
  const { t } = useTranslation();
  // On a phone the five tabs wrap as pills rather than hide off screen.
  // Read at once, not in an effect: the first render has the right tabs (no second render of the page).
  const narrow = useMediaQuery('(max-width: 40em)', undefined, { getInitialValueInEffect: false });
  const { id } = useParams();
  const contractId = Number(id);
  const [params, setParams] = useSearchParams();
  const tab = contractTabOf(params.get('tab'));
  const { currentAgency } = useSession();
  const contracts = useMyContracts(null, Number.isInteger(contractId) && contractId > 0);
  const contract = contracts.data?.find((c) => c.id === contractId);

  // A contract of another of the customer's agencies: the menu follows it.
  const contractAgencyId = contract?.agencyId;
  useEffect(() => {
    if (contractAgencyId === undefined || currentAgency?.id === contractAgencyId) return;
    const agency = getSession().agencies.find((a) => a.id === contractAgencyId);
    if (agency) setCurrentAgency(agency);
  }, [contractAgencyId, currentAgency?.id]);

  /** Changing tab rewrites the query: the success flags of a previous visit go. */
  const selectTab = (value: string | null) => setParams({ tab: contractTabOf(value) }, { replace: true });
  const dropParam = (name: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(name);
        return next;
      },
      { replace: true },
    );

  const back = (
    <Anchor component={Link} to="/extranet" size="sm" fw={600}>
      <Group gap={6} component="span">
        <IconArrowLeft size={16} aria-hidden="true" />
        {t('extranet.contract.back')}
      </Group>
    </Anchor>
  );

  if (contracts.isPending && Number.isInteger(contractId) && contractId > 0) {
    return (
      <Stack gap="lg" role="status" aria-busy="true" aria-label={t('common.loading')}>
        {back}
        <Skeleton height={36} width="50%" />
        <Skeleton height={20} width="35%" />
        <Skeleton height={44} />
        <Skeleton height={260} radius="lg" />
      </Stack>
    );
  }

  if (!contract) {
    return (
      <Stack gap="lg">
        {back}
        <Title order={1} size="h2">
          {t('pages.contract')}
        </Title>
        <Card shadow="xs">
          {contracts.isError ? (
            <LoadError
              variant="block"
              icon={<IconFileCertificate size={28} />}
              message={t('errors.loadContracts')}
              onRetry={contracts.refetch}
            />
          ) : (
            <EmptyBlock
              icon={<IconFileCertificate size={28} />}
              title={t('extranet.contract.notFoundTitle')}
              text={t('extranet.contract.notFound')}
            >
              <Button component={Link} to="/extranet" variant="light" mt="sm">
                {t('common.backHome')}
              </Button>
            </EmptyBlock>
          )}
        </Card>
      </Stack>
    );
  }

  const equipment = contract.equipmentType ?? t('extranet.contracts.equipmentUnknown');
  return (
    <Stack gap="lg">
      {back}
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon variant="light" size={52} radius="md" visibleFrom="xs" style={{ flex: 'none' }}>
          <EquipmentIcon type={contract.equipmentType} size={28} />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Title order={1} size="h2" lh={1.25}>
            {equipment}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('extranet.contract.subtitle', { reference: contract.reference })}
          </Text>
          <Group gap={6} mt={4} wrap="nowrap">
            <IconMapPin size={16} color="var(--mantine-color-teal-7)" aria-hidden="true" style={{ flex: 'none' }} />
            <Text size="sm">{`${contract.route}, ${contract.postalCode} ${contract.locality}`}</Text>
          </Group>
        </div>
      </Group>

      <Tabs
        value={tab}
        onChange={selectTab}
        keepMounted={false}
        variant={narrow ? 'pills' : 'default'}
        classNames={{ list: narrow ? tabClasses.pillList : tabClasses.tabList, tab: tabClasses.tab }}
      >
        <Tabs.List aria-label={t('extranet.contract.tabsLabel')}>
          {CONTRACT_TABS.map((id) => {
            const Icon = TAB_ICONS[id];
            return (
              <Tabs.Tab key={id} value={id} leftSection={<Icon size={18} aria-hidden="true" />}>
                {t(`extranet.contract.tabs.${id}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="contract" pt="lg">
          <ContractTab contract={contract} onShowDocuments={() => selectTab('documents')} />
        </Tabs.Panel>
        <Tabs.Panel value="quote" pt="lg">
          <QuotesTab
            contract={contract}
            signed={params.get('signed') === 'true'}
            declined={params.get('declined') === 'true'}
            onDismissSigned={() => dropParam('signed')}
            onDismissDeclined={() => dropParam('declined')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="invoice" pt="lg">
          <InvoicesTab contract={contract} />
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="lg">
          <DocumentsTab contract={contract} />
        </Tabs.Panel>
        <Tabs.Panel value="contact_info" pt="lg">
          <Suspense fallback={<ListSkeleton rows={2} height={180} />}>
            <ContactInfoTab
              contract={contract}
              emailModified={params.get('emailModified') === 'true'}
              onDismissEmailModified={() => dropParam('emailModified')}
            />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
