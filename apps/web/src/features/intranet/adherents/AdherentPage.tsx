import { Anchor, Breadcrumbs, Group, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { adherentForm } from '@reseau/contracts/schemas/adherents';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type Adherent, saveAdherent, useAdherent, useRegions } from '../../../api/adherents';
import { FormCard } from '../../../components/FormCard';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { Select } from '../../../components/overlays';
import { SubmitButton } from '../../../components/SubmitButton';
import { useTranslation } from '../../../i18n';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { idParam } from '../../../lib/id-param';
import { notifySuccess } from '../../../lib/notify';
import { useFormAction } from '../../../lib/use-form-action';
import { AdherentAgencies } from './AdherentAgencies';
import { AdherentUsers } from './AdherentUsers';

const validate = schemaResolver(adherentForm, { sync: true });

/**
 * `/intranet/adherent?id=` (spec 01 §2): create or edit an adherent (name and region); an
 * existing one also shows its users and its agencies, each with an add button. A failed load goes
 * back to the list (spec 01 §8).
 */
export function AdherentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const adherent = useAdherent(id);

  useEffect(() => {
    if (adherent.isError) navigate('/intranet/adherents', { replace: true });
  }, [adherent.isError, navigate]);

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/intranet/adherents">
          {t('menu.adherents')}
        </Anchor>
        <span>{adherent.data?.name ?? t('adherents.new')}</span>
      </Breadcrumbs>
      <Title order={1} size="h2">
        {id === null ? t('adherents.new') : (adherent.data?.name ?? t('pages.adherent'))}
      </Title>
      {id !== null && !adherent.data ? (
        <ListSkeleton rows={3} height={40} />
      ) : (
        <AdherentForm key={id ?? 'new'} adherent={adherent.data ?? null} />
      )}
      {adherent.data ? (
        <>
          <AdherentUsers adherent={adherent.data} />
          <AdherentAgencies adherent={adherent.data} />
        </>
      ) : null}
    </Stack>
  );
}

function AdherentForm({ adherent }: { adherent: Adherent | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const regions = useRegions();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: adherent?.name ?? '', regionId: adherent ? String(adherent.regionId) : '' },
    ...VALIDATE_WHEN_CHANGED,
    validate,
  });
  const save = useFormAction({
    action: (values: { name: string; regionId: string }) =>
      saveAdherent(adherent?.id ?? null, { name: values.name.trim(), regionId: Number(values.regionId) }),
    form,
    fallback: t('adherents.errors.save'),
    onSuccess: (saved) => {
      notifySuccess(t('adherents.saved'));
      // A new adherent opens its page, where users and agencies can be added.
      if (!adherent) navigate(`/intranet/adherent?id=${saved.id}`, { replace: true });
    },
  });

  return (
    <FormCard icon={IconBuildingCommunity} title={t('adherents.identity')} level={2} onSubmit={form.onSubmit(save.submit)}>
      <Group grow align="flex-start" wrap="wrap">
        <TextInput label={t('adherents.name')} required miw={240} {...form.getInputProps('name')} />
        <Select
          label={t('adherents.region')}
          required
          miw={200}
          data={(regions.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
          {...form.getInputProps('regionId')}
        />
      </Group>
      <Group justify="flex-end">
        <SubmitButton form={form} submitting={save.submitting}>
          {t('adherents.save')}
        </SubmitButton>
      </Group>
    </FormCard>
  );
}
