import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ContactTypeGroup } from '@reseau/contracts/constants/contacts';
import { IconInbox } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useAgencyAdherents } from '../../../api/adherent-users';
import { useAgencies } from '../../../api/agencies';
import { type Contact, useContactPage, useSetContactProcessed } from '../../../api/contacts';
import { CardGrid } from '../../../components/CardGrid';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { FiltersBar } from '../../../components/FiltersBar';
import { Select } from '../../../components/overlays';
import tabClasses from '../../../components/ResponsiveTabs.module.css';
import { useTranslation } from '../../../i18n';
import { agencyWithAdherent } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { listParam, useListParams } from '../../../lib/use-list-params';
import { ContactCard } from './ContactCard';

/** The tab, and the agency filter of the network-wide screens (never written by the own-agency ones). */
const FILTERS = { tab: listParam.oneOf(['to-handle', 'handled'] as const, 'to-handle'), agencyId: listParam.id() };

const TITLE_KEYS: Record<ContactTypeGroup, { own: string; network: string }> = {
  external: { own: 'contacts.titles.external', network: 'contacts.titles.networkExternal' },
  quotation: { own: 'contacts.titles.quotation', network: 'contacts.titles.networkQuotation' },
  invoice: { own: 'contacts.titles.invoice', network: 'contacts.titles.networkInvoice' },
};

/**
 * Demands, quotations or invoices (spec 02 §2): the tabs "to handle / handled" and the search in
 * the address, a grid of contact cards. `network`: role 1's read-only view of every agency with an
 * agency filter; otherwise the header's current agency, each card with its handled / to handle button.
 */
function ContactsPage({ group, network }: { group: ContactTypeGroup; network: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const list = useListParams(FILTERS);
  const handled = list.filters.tab === 'handled';
  const currentAgencyId = session.currentAgency?.id ?? null;
  const agencyId = network ? list.filters.agencyId : currentAgencyId;
  const page = useContactPage(
    { group, agencyId, isProcessed: handled, search: list.search, pageNumber: list.pageNumber },
    network || currentAgencyId !== null,
  );
  // The shell picks the first agency once GET /agencies answers (shared query): until then the
  // list shows its skeleton rather than "choose an agency".
  const agencies = useAgencies(!network);
  const noAgency = !network && currentAgencyId === null && !agencies.isPending;
  const toggle = useSetContactProcessed();
  const onToggle = (c: Contact) =>
    toggle.mutate({ id: c.id, processed: !c.isProcessed }, { onError: () => notifyError(t('contacts.errors.updateDemand')) });

  const empty = list.search ? (
    <EmptyBlock icon={<IconInbox size={28} />} title={t('contacts.empty.search', { search: list.search })} />
  ) : (
    <EmptyBlock
      icon={<IconInbox size={28} />}
      title={t(handled ? 'contacts.empty.handled' : 'contacts.empty.toHandle')}
      text={t(handled ? 'contacts.empty.handledText' : 'contacts.empty.toHandleText')}
    />
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t(network ? TITLE_KEYS[group].network : TITLE_KEYS[group].own)}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t(`contacts.intro.${group}`)} {network ? t('contacts.intro.network') : null}
        </Text>
      </div>
      <Tabs
        value={list.filters.tab}
        onChange={(value) => list.setFilter('tab', value === 'handled' ? 'handled' : 'to-handle')}
        classNames={{ list: tabClasses.tabList, tab: tabClasses.tab }}
      >
        <Tabs.List aria-label={t('contacts.tabs.label')}>
          <Tabs.Tab value="to-handle">{t('contacts.tabs.toHandle')}</Tabs.Tab>
          <Tabs.Tab value="handled">{t('contacts.tabs.handled')}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {noAgency ? (
        <Alert color="gray">{t('contacts.noAgency')}</Alert>
      ) : (
        <CardGrid
          label={t(`contacts.listLabel.${group}`)}
          query={page}
          pageNumber={list.pageNumber}
          onPageChange={list.setPage}
          itemKey={(c) => c.id}
          skeletonCount={6}
          skeletonHeight={300}
          filters={
            <FiltersBar search={list.searchInput} searchLabel={t(`contacts.search.${group}`)}>
              {network ? <AgencyFilter value={list.filters.agencyId} onChange={(id) => list.setFilter('agencyId', id)} /> : null}
            </FiltersBar>
          }
          empty={empty}
          renderItem={(c) => (
            <ContactCard
              contact={c}
              showAgency={network}
              toggle={network ? undefined : { pending: toggle.isPending && toggle.variables?.id === c.id, onToggle }}
            />
          )}
        />
      )}
    </Stack>
  );
}

/** Role 1's agency filter: « adherent name agency name », sorted (spec 02 §2). */
function AgencyFilter({ value, onChange }: { value: number | null; onChange(id: number | null): void }) {
  const { t } = useTranslation();
  const adherents = useAgencyAdherents();
  const options = useMemo(
    () =>
      (adherents.data ?? [])
        .flatMap((a) =>
          a.agencies.map((agency) => ({ value: String(agency.id), label: agencyWithAdherent(a.name, agency.name) })),
        )
        .sort((x, y) => x.label.localeCompare(y.label, 'fr')),
    [adherents.data],
  );
  return (
    <Select
      aria-label={t('contacts.agencyFilter')}
      placeholder={t('contacts.allAgencies')}
      w={{ base: '100%', xs: 320 }}
      searchable
      clearable
      data={options}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      nothingFoundMessage={t('contacts.card.none')}
    />
  );
}

export const DemandsPage = () => <ContactsPage group="external" network={false} />;
export const QuotationsPage = () => <ContactsPage group="quotation" network={false} />;
export const InvoicesPage = () => <ContactsPage group="invoice" network={false} />;
export const AllDemandsPage = () => <ContactsPage group="external" network />;
export const AllQuotationsPage = () => <ContactsPage group="quotation" network />;
export const AllInvoicesPage = () => <ContactsPage group="invoice" network />;
