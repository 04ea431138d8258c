import { Button, Chip, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { SPARE_PART_ENERGY_TYPE_CODES } from '@reseau/contracts/constants/spare-parts';
import { IconPlus, IconTool } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  answerSparePartAnnouncement,
  deleteSparePartAnnouncement,
  markSparePartAnnouncement,
  refreshSpareParts,
  type SparePartAnnouncement,
  useSparePartAnnouncement,
  useSparePartAnnouncementPage,
  useSparePartEnergyTypes,
} from '../../../api/spare-parts';
import { CardGrid } from '../../../components/CardGrid';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { FiltersBar } from '../../../components/FiltersBar';
import { Modal, Select } from '../../../components/overlays';
import tabClasses from '../../../components/ResponsiveTabs.module.css';
import { useTranslation } from '../../../i18n';
import { idParam } from '../../../lib/id-param';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useConfirmed } from '../../../lib/use-confirmed';
import { listParam, useListParams } from '../../../lib/use-list-params';
import { answerErrorText } from './answer-errors';
import { SparePartCard } from './SparePartCard';
import { SparePartFormModal } from './SparePartFormModal';

const ALL = 'ALL';
const FILTERS = {
  tab: listParam.oneOf(['network', 'mine'] as const, 'network'),
  typeCode: listParam.oneOf([ALL, 'DEMANDE', 'OFFRE'] as const, ALL),
  energyTypeCode: listParam.oneOf([ALL, ...SPARE_PART_ENERGY_TYPE_CODES] as const, ALL),
};

/**
 * `/intranet/spare-parts` (spec 02 §2): the network's announcements (type and energy filters) and
 * the caller's own in-progress ones, 9 cards a page, tab and filters in the address. `?id=` opens
 * that announcement (the bell's and the search's target): in the edit modal when it is the caller's,
 * on its own card otherwise.
 */
export function SparePartsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const list = useListParams(FILTERS);
  // The acting user: the impersonated one when impersonating (spec 02 §6).
  const me = session.impersonation?.id ?? Number(session.claims?.sub);
  const agencyId = session.currentAgency?.id ?? null;
  const mine = list.filters.tab === 'mine';
  const { typeCode, energyTypeCode } = list.filters;

  const page = useSparePartAnnouncementPage(
    mine
      ? { authorId: me, isExpired: false, pageNumber: list.pageNumber }
      : {
          typeCode: typeCode === ALL ? undefined : typeCode,
          energyTypeCode: energyTypeCode === ALL ? undefined : energyTypeCode,
          pageNumber: list.pageNumber,
        },
  );
  const energyTypes = useSparePartEnergyTypes();
  const energyName = (code: string) => energyTypes.data?.find((e) => e.code === code)?.name ?? code;
  const { openedId, target, closeOpened } = useOpenedAnnouncement();

  const [editing, setEditing] = useState<{ item?: SparePartAnnouncement } | null>(null);
  const { answer, toggleRead, over, remove } = useAnnouncementActions(agencyId, openedId, closeOpened);

  const opened = openedId !== null ? target.data : undefined;
  const editItem = editing ? editing.item : opened?.isOwn ? opened : undefined;
  const formOpened = editing !== null || opened?.isOwn === true;
  const formAgency = editItem?.agencyId ?? agencyId;
  const card = (a: SparePartAnnouncement) => (
    <SparePartCard
      announcement={a}
      energyName={energyName(a.energyTypeCode)}
      canAnswer={agencyId !== null}
      answerPending={answer.isPending && answer.variables?.id === a.id}
      onAnswer={(item) => answer.mutate(item)}
      onEdit={(item) => setEditing({ item })}
      onDelete={remove.ask}
      onToggleRead={(item) => toggleRead.mutate(item)}
      onOver={over.ask}
      readPending={toggleRead.isPending && toggleRead.variables?.id === a.id}
    />
  );

  return (
    <Stack gap="lg">
      <SparePartsHeader agencyId={agencyId} onAdd={() => setEditing({})} />
      <SparePartTabs tab={list.filters.tab} onChange={(tab) => list.setFilter('tab', tab)} />
      <CardGrid
        label={t('spareParts.listLabel')}
        query={page}
        pageNumber={list.pageNumber}
        onPageChange={list.setPage}
        itemKey={(a) => a.id}
        skeletonCount={9}
        skeletonHeight={260}
        filters={
          mine ? null : (
            <SparePartFilters
              typeCode={typeCode}
              energyTypeCode={energyTypeCode}
              energyTypes={energyTypes.data ?? []}
              onTypeCode={(value) => list.setFilter('typeCode', value as typeof typeCode)}
              onEnergyTypeCode={(value) => list.setFilter('energyTypeCode', value as typeof energyTypeCode)}
            />
          )
        }
        empty={<SparePartsEmpty mine={mine} />}
        renderItem={card}
      />
      {formAgency !== null ? (
        <SparePartFormModal
          opened={formOpened}
          item={editItem}
          agencyId={formAgency}
          energyTypes={energyTypes.data ?? []}
          onClose={() => {
            setEditing(null);
            if (openedId !== null) closeOpened();
          }}
        />
      ) : null}
      <Modal
        opened={opened !== undefined && !opened.isOwn}
        onClose={closeOpened}
        title={<Text fw={700}>{t('spareParts.view.title')}</Text>}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {opened && !opened.isOwn ? card(opened) : null}
      </Modal>
      <AnnouncementConfirmDialogs over={over} remove={remove} />
    </Stack>
  );
}

/** The announcements' actions: answer, mark read or unread, mark over, delete (each asked first where it ends one). */
function useAnnouncementActions(agencyId: number | null, openedId: number | null, closeOpened: () => void) {
  const { t } = useTranslation();
  const answer = useMutation({
    mutationFn: (a: SparePartAnnouncement) => answerSparePartAnnouncement(a, agencyId ?? 0),
    onSuccess: () => notifySuccess(t('spareParts.success.answered')),
    onError: (error) => notifyError(answerErrorText(error)),
  });
  const toggleRead = useMutation({
    mutationFn: (a: SparePartAnnouncement) => markSparePartAnnouncement(a.id, a.isRead ? 'unread' : 'read'),
    onError: () => notifyError(t('spareParts.errors.markAnnouncement')),
  });
  const over = useConfirmed({
    run: (a: SparePartAnnouncement) => markSparePartAnnouncement(a.id, 'over'),
    done: t('spareParts.success.over'),
    failed: t('spareParts.errors.overAnnouncement'),
  });
  const remove = useConfirmed({
    run: (a: SparePartAnnouncement) => deleteSparePartAnnouncement(a.id),
    done: t('spareParts.success.deleted'),
    failed: t('spareParts.errors.deleteAnnouncement'),
    onDone: async (a) => {
      if (openedId === a.id) closeOpened();
      await refreshSpareParts();
    },
  });
  return { answer, toggleRead, over, remove };
}

function SparePartsHeader({ agencyId, onAdd }: { agencyId: number | null; onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('spareParts.title')}
        </Title>
        <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={onAdd} disabled={agencyId === null}>
          {t('spareParts.add')}
        </Button>
      </Group>
      {agencyId === null ? (
        <Text size="sm" c="dimmed">
          {t('spareParts.noAgency')}
        </Text>
      ) : null}
    </>
  );
}

/** The network tab's filters: the announcement's type and its energy. */
function SparePartFilters({
  typeCode,
  energyTypeCode,
  energyTypes,
  onTypeCode,
  onEnergyTypeCode,
}: {
  typeCode: string;
  energyTypeCode: string;
  energyTypes: { code: string; name: string }[];
  onTypeCode: (value: string) => void;
  onEnergyTypeCode: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <FiltersBar>
      <Chip.Group value={typeCode} onChange={onTypeCode}>
        <Group gap={8} role="radiogroup" aria-label={t('spareParts.filters.type')}>
          <Chip value={ALL} type="radio">
            {t('spareParts.filters.allTypes')}
          </Chip>
          <Chip value="DEMANDE" type="radio">
            {t('spareParts.types.DEMANDE')}
          </Chip>
          <Chip value="OFFRE" type="radio">
            {t('spareParts.types.OFFRE')}
          </Chip>
        </Group>
      </Chip.Group>
      <Select
        aria-label={t('spareParts.filters.energy')}
        w={{ base: '100%', xs: 220 }}
        allowDeselect={false}
        value={energyTypeCode}
        onChange={(value) => onEnergyTypeCode(value ?? ALL)}
        data={[
          { value: ALL, label: t('spareParts.filters.allEnergies') },
          ...energyTypes.map((e) => ({ value: e.code, label: e.name })),
        ]}
      />
    </FiltersBar>
  );
}

/** `?id=`: the announcement opened from the bell or the search, and letting go of it. */
function useOpenedAnnouncement() {
  const [searchParams, setSearchParams] = useSearchParams();
  const openedId = idParam(searchParams.get('id'));
  const target = useSparePartAnnouncement(openedId);
  const closeOpened = () => {
    const next = new URLSearchParams(searchParams);
    next.delete('id');
    setSearchParams(next, { replace: true });
  };
  // An announcement that is gone (deleted, a stale link): its popover says so, the address lets go of it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new failure lets go of the id
  useEffect(() => {
    if (openedId !== null && target.isError) closeOpened();
  }, [target.isError]);
  return { openedId, target, closeOpened };
}

function SparePartTabs({ tab, onChange }: { tab: 'network' | 'mine'; onChange: (tab: 'network' | 'mine') => void }) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={tab}
      onChange={(value) => onChange(value === 'mine' ? 'mine' : 'network')}
      classNames={{ list: tabClasses.tabList, tab: tabClasses.tab }}
    >
      <Tabs.List aria-label={t('spareParts.tabs.label')}>
        <Tabs.Tab value="network">{t('spareParts.tabs.network')}</Tabs.Tab>
        <Tabs.Tab value="mine">{t('spareParts.tabs.mine')}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}

function AnnouncementConfirmDialogs({ over, remove }: Pick<ReturnType<typeof useAnnouncementActions>, 'over' | 'remove'>) {
  const { t } = useTranslation();
  return (
    <>
      <ConfirmDialog {...over.dialog} title={t('spareParts.overDialog.title')} confirmLabel={t('spareParts.overDialog.confirm')}>
        <Text size="sm">{t('spareParts.overDialog.text', { title: over.target?.title ?? '' })}</Text>
      </ConfirmDialog>
      <ConfirmDialog
        {...remove.dialog}
        title={t('spareParts.deleteDialog.title')}
        confirmLabel={t('spareParts.deleteDialog.confirm')}
        color="red"
      >
        <Text size="sm">{t('spareParts.deleteDialog.text', { title: remove.target?.title ?? '' })}</Text>
      </ConfirmDialog>
    </>
  );
}

/** The empty list: of the caller's announcements, or of the network's. */
function SparePartsEmpty({ mine }: { mine: boolean }) {
  const { t } = useTranslation();
  return mine ? (
    <EmptyBlock icon={<IconTool size={28} />} title={t('spareParts.emptyMine')} text={t('spareParts.emptyMineText')} />
  ) : (
    <EmptyBlock icon={<IconTool size={28} />} title={t('spareParts.empty')} text={t('spareParts.emptyText')} />
  );
}
