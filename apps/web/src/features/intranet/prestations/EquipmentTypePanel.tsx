import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowsSort, IconCheck, IconFileText, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import {
  type AgencyPrestation,
  type NetworkPrestation,
  useChangeAgencyNetworkPrestation,
  useChangePrestation,
  useDeletePrestation,
  useEquipmentType,
  useReorderPrestations,
} from '../../../api/prestations';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/LoadError';
import { SortableList } from '../../../components/sortable/SortableList';
import { useTranslation } from '../../../i18n';
import { agencyIdOf, type CatalogueMode, prestationPath } from './mode';
import { AgencyNetworkPrestationRow, AgencyPrestationRow, NetworkPrestationRow } from './PrestationRows';

// On a phone a long label goes on two lines rather than being cut.
const WRAPPING = { root: { height: 'auto', minHeight: 36, paddingBlock: 6 }, label: { whiteSpace: 'normal' as const } };

/** A decision the user confirms first: switching a prestation on or off, deleting one (spec 01 §4). */
export interface Confirmation {
  title: string;
  text: string;
  confirmLabel: string;
  color?: string;
  run: () => Promise<unknown>;
}

/** One equipment type's prestations: the network's, and the current agency's own for an agency user. */
export function EquipmentTypePanel({
  equipmentType,
  mode,
}: {
  equipmentType: { id: number; name: string };
  mode: Exclude<CatalogueMode, { kind: 'none' }>;
}) {
  const { t } = useTranslation();
  const query = useEquipmentType(equipmentType.id, agencyIdOf(mode));
  const change = useChangePrestation();
  const changeSettings = useChangeAgencyNetworkPrestation();
  const remove = useDeletePrestation();
  const reorderNetwork = useReorderPrestations('network');
  const reorderAgency = useReorderPrestations('agency');
  const { confirmation, setConfirmation, confirming, confirm } = useConfirmation();

  if (query.isError)
    return <LoadError compact message={t('prestations.errors.loadEquipment')} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton height={160} radius="md" aria-label={t('common.loading')} />;
  const { networkPrestations, agencyPrestations } = query.data;
  const agencyId = agencyIdOf(mode);

  return (
    <Stack gap="lg">
      <EquipmentTypeLinks equipmentType={equipmentType} mode={mode} />

      <PrestationSection<NetworkPrestation>
        title={t('prestations.networkSection')}
        label={t('prestations.networkListOf', { name: equipmentType.name })}
        items={networkPrestations}
        onReorder={mode.kind === 'network' ? (move) => reorderNetwork.mutateAsync(move) : undefined}
        row={(p) =>
          mode.kind === 'network' ? (
            <NetworkPrestationRow
              prestation={p}
              editPath={prestationPath(equipmentType, p.id)}
              switching={change.isPending && change.variables?.prestation.id === p.id}
              onToggle={(isActive) =>
                setConfirmation(
                  toggleConfirmation(t, p.title, isActive, () =>
                    change.mutateAsync({ kind: 'network', prestation: p, isActive }),
                  ),
                )
              }
              onDelete={() =>
                setConfirmation(deleteConfirmation(t, p.title, () => remove.mutateAsync({ kind: 'network', id: p.id })))
              }
            />
          ) : (
            <AgencyNetworkPrestationRow
              prestation={p}
              saving={changeSettings.isPending && changeSettings.variables?.prestation.id === p.id}
              onPrice={(price) => changeSettings.mutate({ agencyId: agencyId!, prestation: p, change: { price } })}
              onToggle={(isActive) =>
                setConfirmation(
                  toggleConfirmation(t, p.title, isActive, () =>
                    changeSettings.mutateAsync({ agencyId: agencyId!, prestation: p, change: { isActive } }),
                  ),
                )
              }
            />
          )
        }
      />

      {mode.kind === 'agency' ? (
        <PrestationSection<AgencyPrestation>
          title={t('prestations.agencySection', { agency: mode.agencyName })}
          label={t('prestations.agencyListOf', { name: equipmentType.name })}
          items={agencyPrestations}
          onReorder={(move) => reorderAgency.mutateAsync(move)}
          row={(p) => (
            <AgencyPrestationRow
              prestation={p}
              editPath={prestationPath(equipmentType, p.id)}
              saving={change.isPending && change.variables?.prestation.id === p.id}
              onPrice={(price) => change.mutate({ kind: 'agency', prestation: p, price })}
              onToggle={(isActive) =>
                setConfirmation(
                  toggleConfirmation(t, p.title, isActive, () => change.mutateAsync({ kind: 'agency', prestation: p, isActive })),
                )
              }
              onDelete={() =>
                setConfirmation(deleteConfirmation(t, p.title, () => remove.mutateAsync({ kind: 'agency', id: p.id })))
              }
            />
          )}
        />
      ) : null}

      <ConfirmDialog
        opened={confirmation !== null}
        title={confirmation?.title ?? ''}
        confirmLabel={confirmation?.confirmLabel ?? ''}
        color={confirmation?.color}
        loading={confirming}
        onConfirm={() => void confirm()}
        onClose={() => setConfirmation(null)}
      >
        <Text>{confirmation?.text}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** The decision waiting for its confirmation, and running it once confirmed. */
function useConfirmation() {
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function confirm() {
    if (!confirmation) return;
    setConfirming(true);
    try {
      await confirmation.run();
    } catch {
      // The mutation showed its popover.
    } finally {
      setConfirming(false);
      setConfirmation(null);
    }
  }

  return { confirmation, setConfirmation, confirming, confirm };
}

/** The equipment type's texts, and adding a prestation (the network's or the agency's). */
function EquipmentTypeLinks({
  equipmentType,
  mode,
}: {
  equipmentType: { id: number; name: string };
  mode: Exclude<CatalogueMode, { kind: 'none' }>;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Button
        component={Link}
        styles={WRAPPING}
        to={`/intranet/equipment?id=${equipmentType.id}`}
        variant="light"
        leftSection={<IconFileText size={18} aria-hidden="true" />}
        aria-label={t('prestations.equipmentTextsOf', { name: equipmentType.name })}
      >
        {t('prestations.equipmentTexts')}
      </Button>
      <Button
        component={Link}
        styles={WRAPPING}
        to={prestationPath(equipmentType)}
        leftSection={<IconPlus size={18} aria-hidden="true" />}
        aria-label={t(mode.kind === 'network' ? 'prestations.addNetworkTo' : 'prestations.addAgencyTo', {
          name: equipmentType.name,
        })}
      >
        {t(mode.kind === 'network' ? 'prestations.addNetwork' : 'prestations.addAgency')}
      </Button>
    </Group>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

function toggleConfirmation(t: T, name: string, isActive: boolean, run: () => Promise<unknown>): Confirmation {
  return isActive
    ? {
        title: t('prestations.activateTitle'),
        text: t('prestations.activateText', { name }),
        confirmLabel: t('prestations.activate'),
        run,
      }
    : {
        title: t('prestations.deactivateTitle'),
        text: t('prestations.deactivateText', { name }),
        confirmLabel: t('prestations.deactivate'),
        color: 'orange',
        run,
      };
}

function deleteConfirmation(t: T, name: string, run: () => Promise<unknown>): Confirmation {
  return {
    title: t('prestations.deleteTitle'),
    text: t('prestations.deleteText', { name }),
    confirmLabel: t('prestations.delete'),
    color: 'red',
    run,
  };
}

/** A titled list of prestations; with `onReorder`, a reorder mode (drag and drop, keyboard too). */
function PrestationSection<P extends { id: number; title: string; subtitle: string }>({
  title,
  label,
  items,
  row,
  onReorder,
}: {
  title: string;
  label: string;
  items: P[];
  row: (p: P) => ReactNode;
  onReorder?: (move: { movedId: number; newPrecedingId: number }) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [reordering, setReordering] = useState(false);
  return (
    <Stack gap="sm" component="section" aria-label={label}>
      <Group justify="space-between" gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {onReorder && items.length > 1 ? (
          <Button
            size="xs"
            variant={reordering ? 'filled' : 'default'}
            aria-pressed={reordering}
            leftSection={
              reordering ? <IconCheck size={16} aria-hidden="true" /> : <IconArrowsSort size={16} aria-hidden="true" />
            }
            onClick={() => setReordering((on) => !on)}
          >
            {reordering ? t('prestations.endReorder') : t('prestations.reorder')}
          </Button>
        ) : null}
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('prestations.empty')}
        </Text>
      ) : reordering && onReorder ? (
        <SortableList
          items={items}
          getId={(p) => p.id}
          getLabel={(p) => p.title}
          label={label}
          onReorder={onReorder}
          renderItem={(p) => (
            <div>
              <Text fw={600}>{p.title}</Text>
              <Text size="sm" c="dimmed">
                {p.subtitle}
              </Text>
            </div>
          )}
        />
      ) : (
        <Stack gap="xs" component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((p) => (
            <li key={p.id}>{row(p)}</li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
