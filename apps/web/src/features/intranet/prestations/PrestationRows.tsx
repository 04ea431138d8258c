import { ActionIcon, Badge, ColorSwatch, Group, Paper, Switch, Text } from '@mantine/core';
import { PRESTATION_COLORS } from '@reseau/contracts/constants/prestations';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AgencyPrestation, NetworkPrestation } from '../../../api/prestations';
import { Tooltip } from '../../../components/overlays';
import { useTranslation } from '../../../i18n';
import { PriceField } from './PriceField';

const colourOf = (id: number) => PRESTATION_COLORS.find((c) => c.id === id)?.code ?? '#868e96';

/** A prestation's line: its colour, title and subtitle, marks, then the controls. */
function Row({
  prestation,
  marks,
  children,
}: {
  prestation: { prestationColorId: number; title: string; subtitle: string };
  marks?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <ColorSwatch color={colourOf(prestation.prestationColorId)} size={14} mt={5} aria-hidden="true" />
          <div style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text fw={600}>{prestation.title}</Text>
              {marks}
            </Group>
            <Text size="sm" c="dimmed">
              {prestation.subtitle}
            </Text>
          </div>
        </Group>
        {/* The controls wrap rather than run past the row on a phone (issue 25). */}
        <Group gap="sm" wrap="wrap" justify="flex-end" style={{ marginLeft: 'auto', maxWidth: '100%' }}>
          {children}
        </Group>
      </Group>
    </Paper>
  );
}

function MandatoryMark({ mandatory }: { mandatory: boolean }) {
  const { t } = useTranslation();
  return mandatory ? (
    <Badge size="sm" variant="light" color="red">
      {t('prestations.mandatory')}
    </Badge>
  ) : null;
}

function EditLink({ to, name }: { to: string; name: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('prestations.edit')}>
      <ActionIcon component={Link} to={to} variant="subtle" size="lg" aria-label={t('prestations.editOf', { name })}>
        <IconPencil size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}

function DeleteButton({ name, onDelete }: { name: string; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('prestations.delete')}>
      <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('prestations.deleteOf', { name })} onClick={onDelete}>
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}

function ActiveSwitch({
  name,
  checked,
  disabled,
  onToggle,
}: {
  name: string;
  checked: boolean;
  disabled?: boolean;
  onToggle: (isActive: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Switch
      aria-label={t('prestations.activeOf', { name })}
      checked={checked}
      disabled={disabled}
      // The switch asks first (spec 01 §4): it moves once the change is confirmed and saved.
      onChange={(event) => onToggle(event.currentTarget.checked)}
    />
  );
}

/** A network prestation as the network admin manages it. */
export function NetworkPrestationRow({
  prestation,
  editPath,
  switching,
  onToggle,
  onDelete,
}: {
  prestation: NetworkPrestation;
  editPath: string;
  switching: boolean;
  onToggle: (isActive: boolean) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Row
      prestation={prestation}
      marks={
        <>
          <MandatoryMark mandatory={prestation.isMandatory} />
          {prestation.isActive ? null : (
            <Badge size="sm" variant="light" color="gray">
              {t('prestations.inactive')}
            </Badge>
          )}
        </>
      }
    >
      <ActiveSwitch name={prestation.title} checked={prestation.isActive} disabled={switching} onToggle={onToggle} />
      <EditLink to={editPath} name={prestation.title} />
      <DeleteButton name={prestation.title} onDelete={onDelete} />
    </Row>
  );
}

/** A network prestation as an agency sees it: its price, and its switch unless it is mandatory. */
export function AgencyNetworkPrestationRow({
  prestation,
  saving,
  onPrice,
  onToggle,
}: {
  prestation: NetworkPrestation;
  saving: boolean;
  onPrice: (price: number) => void;
  onToggle: (isActive: boolean) => void;
}) {
  const settings = prestation.agencyNetworkPrestation;
  return (
    <Row prestation={prestation} marks={<MandatoryMark mandatory={prestation.isMandatory} />}>
      <PriceField name={prestation.title} value={settings?.price ?? null} saving={saving} onSave={onPrice} />
      {prestation.isMandatory ? null : (
        <ActiveSwitch name={prestation.title} checked={settings?.isActive ?? true} disabled={saving} onToggle={onToggle} />
      )}
    </Row>
  );
}

/** One of the agency's own prestations: price, switch, edit, delete. */
export function AgencyPrestationRow({
  prestation,
  editPath,
  saving,
  onPrice,
  onToggle,
  onDelete,
}: {
  prestation: AgencyPrestation;
  editPath: string;
  saving: boolean;
  onPrice: (price: number) => void;
  onToggle: (isActive: boolean) => void;
  onDelete: () => void;
}) {
  return (
    <Row prestation={prestation}>
      <PriceField name={prestation.title} value={prestation.price} saving={saving} onSave={onPrice} />
      <ActiveSwitch name={prestation.title} checked={prestation.isActive} disabled={saving} onToggle={onToggle} />
      <EditLink to={editPath} name={prestation.title} />
      <DeleteButton name={prestation.title} onDelete={onDelete} />
    </Row>
  );
}
