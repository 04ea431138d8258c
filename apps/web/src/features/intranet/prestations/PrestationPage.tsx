import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { usePrestation } from '../../../api/prestations';
import { useTranslation } from '../../../i18n';
import { idParam } from '../../../lib/id-param';
import { notifyError } from '../../../lib/notify';
import { useCatalogueMode } from './mode';
import { LIST, PrestationForm } from './PrestationForm';

/**
 * `/intranet/prestation?equipment={id}&equipment-name={name}&prestation={id}` (spec 01 §2, §5):
 * creates or edits a network prestation (network admin) or one of the current agency's own
 * (agency user). A failed load, or no equipment type to create in, goes back to the list.
 */
export function PrestationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mode = useCatalogueMode();
  const id = idParam(params.get('prestation'));
  const equipmentId = idParam(params.get('equipment'));
  const equipmentName = params.get('equipment-name') ?? '';
  const prestation = usePrestation(mode.kind === 'network' ? 'network' : 'agency', mode.kind === 'none' ? null : id);
  const lost = prestation.isError || (id === null && equipmentId === null);

  useEffect(() => {
    if (lost) {
      notifyError(t('prestations.errors.loadPrestation'));
      navigate(LIST, { replace: true });
    }
  }, [lost, navigate, t]);

  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} size="h2">
          {id === null ? t('prestations.createTitle') : t('prestations.editTitle')}
        </Title>
        {equipmentName ? (
          <Text c="dimmed" mt={6}>
            {equipmentName}
          </Text>
        ) : null}
      </div>
      {mode.kind === 'none' ? (
        <Alert color="gray">{t('prestations.noAgency')}</Alert>
      ) : lost ? null : id !== null && !prestation.data ? (
        <Skeleton height={640} radius="md" aria-label={t('common.loading')} />
      ) : (
        <PrestationForm
          key={`${mode.kind}-${id ?? 'new'}`}
          mode={mode}
          equipmentTypeId={prestation.data?.equipmentTypeId ?? equipmentId!}
          prestation={prestation.data}
        />
      )}
    </Stack>
  );
}
