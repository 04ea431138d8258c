import { Accordion, Alert, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useEquipmentTypes } from '../../../api/prestations';
import { LoadError } from '../../../components/LoadError';
import { useTranslation } from '../../../i18n';
import { useSession } from '../../../lib/session';
import { PostalCodesPanel } from '../kit/PostalCodesPanel';
import { EquipmentTypePanel } from './EquipmentTypePanel';
import { useCatalogueMode } from './mode';

/**
 * `/intranet/prestations` (spec 01 §2, §4, §6): the equipment types, each an accordion of its
 * prestations. A network admin manages the network's; an agency user prices and switches them for
 * the shell's current agency and manages the agency's own. The postal-code upload sits below.
 */
export function PrestationsPage() {
  const { t } = useTranslation();
  const mode = useCatalogueMode();
  const currentAgency = useSession().currentAgency;
  const types = useEquipmentTypes(mode.kind !== 'none');
  // The first type open; the others load their prestations when opened.
  const [opened, setOpened] = useState<string[] | null>(null);
  const open = opened ?? (types.data?.[0] ? [String(types.data[0].id)] : []);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('prestations.title')}
        </Title>
        <Text c="dimmed" mt={6}>
          {mode.kind === 'network'
            ? t('prestations.networkIntro')
            : mode.kind === 'agency'
              ? t('prestations.agencyIntro', { agency: mode.agencyName })
              : t('prestations.noAgency')}
        </Text>
      </div>
      {mode.kind === 'none' ? (
        <Alert color="gray">{t('prestations.noAgency')}</Alert>
      ) : types.isError ? (
        <LoadError message={t('prestations.errors.loadEquipment')} onRetry={() => void types.refetch()} />
      ) : !types.data ? (
        <Stack gap="sm" aria-label={t('common.loading')}>
          {[1, 2, 3].map((n) => (
            <Skeleton key={n} height={56} radius="md" />
          ))}
        </Stack>
      ) : types.data.length === 0 ? (
        <Text c="dimmed">{t('prestations.empty')}</Text>
      ) : (
        <Accordion multiple variant="separated" radius="md" value={open} onChange={setOpened} chevronPosition="left">
          {types.data.map((type) => (
            <Accordion.Item key={type.id} value={String(type.id)}>
              <Accordion.Control>
                <Group gap="sm">
                  <Text fw={700}>{type.name}</Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {open.includes(String(type.id)) ? <EquipmentTypePanel equipmentType={type} mode={mode} /> : null}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      {currentAgency ? <PostalCodesPanel agencyId={currentAgency.id} /> : null}
    </Stack>
  );
}
