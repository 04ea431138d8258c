import { Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { deleteJobOffer, useJobOffer, useJobOfferDomains, useJobOfferTemplates, useJobOfferTypes } from '../../../api/job-offers';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useTranslation } from '../../../i18n';
import { actsAsNetwork } from '../../../lib/acting-role';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { JobOfferForm } from './JobOfferForm';
import { JOB_OFFERS_LIST } from './job-offers-links';

/**
 * `/intranet/job-offer?id={id}` (spec 02 §2): a new offer without `id`, the stored one with it.
 * After a save or a delete the user is back on the list with the success popover; a failed load
 * goes back to the list too (spec 02 §8).
 */
export function JobOfferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const isNetwork = actsAsNetwork(session);
  const raw = useSearchParams()[0].get('id');
  const id = raw === null ? null : Number(raw);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const offer = useJobOffer(valid ? id : null);
  const types = useJobOfferTypes();
  const domains = useJobOfferDomains();
  const templates = useJobOfferTemplates(!isNetwork);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (valid && !offer.isError && !types.isError && !domains.isError) return;
    if (!valid) notifyError(t('jobsResults.offers.errors.loadOne'));
    navigate(JOB_OFFERS_LIST, { replace: true });
  }, [valid, offer.isError, types.isError, domains.isError, navigate, t]);

  const remove = useMutation({
    mutationFn: () => deleteJobOffer(id ?? 0),
    onSuccess: () => {
      setConfirming(false);
      notifySuccess(t('jobsResults.offers.deleted'));
      navigate(JOB_OFFERS_LIST);
    },
    onError: () => notifyError(t('jobsResults.offers.errors.delete')),
  });

  const ready = types.data && domains.data && (id === null || offer.data);
  const agency = session.currentAgency;
  // The writer's region (the token's, or the impersonated user's): the offer's region by default.
  const regionId = session.impersonation ? session.impersonation.regionId : (session.claims?.data?.regionId ?? null);
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Button
          component={Link}
          to={JOB_OFFERS_LIST}
          variant="subtle"
          px={0}
          leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
        >
          {t('jobsResults.offers.back')}
        </Button>
        <Title order={1} size="h2">
          {id === null ? t('jobsResults.offers.newTitle') : t('jobsResults.offers.editTitle')}
        </Title>
      </div>
      {ready ? (
        <JobOfferForm
          key={offer.data?.id ?? 'new'}
          item={id === null ? undefined : offer.data}
          owner={{ agencyId: agency?.id ?? null, regionId }}
          isNetwork={isNetwork}
          types={types.data ?? []}
          domains={domains.data ?? []}
          templates={isNetwork ? undefined : templates.data}
          onSaved={() => navigate(JOB_OFFERS_LIST)}
          onDelete={id === null ? undefined : () => setConfirming(true)}
        />
      ) : (
        <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={56} />
          <Skeleton height={260} />
          <Skeleton height={120} />
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('jobsResults.offers.deleteTitle')}
        confirmLabel={t('jobsResults.offers.deleteConfirm')}
        color="red"
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      >
        <Text>{t('jobsResults.offers.deleteText', { title: offer.data?.title ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
