import { ActionIcon, Anchor, Badge, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconBriefcase, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { bodyOf, deleteJobOffer, type JobOffer, saveJobOffer, useJobOffers, useJobOfferTypes } from '../../../api/job-offers';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { Column } from '../../../components/DataTable';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { Tooltip } from '../../../components/overlays';
import { PagedTable } from '../../../components/PagedTable';
import { useTranslation } from '../../../i18n';
import { actsAsNetwork } from '../../../lib/acting-role';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useConfirmed } from '../../../lib/use-confirmed';
import { jobOfferHref, todayIso } from './job-offers-links';

const noPaging = () => {};

/**
 * `/intranet/job-offers` (spec 02 §2): the network's offers for roles 1–3 (templates included,
 * badged), the current agency's offers otherwise. Each row: type, title, template badge,
 * publication date, the active switch (PUT with isActive flipped and today's date), edit, delete.
 */
export function JobOffersPage() {
  const { t } = useTranslation();
  const session = useSession();
  const isNetwork = actsAsNetwork(session);
  const agencyId = session.currentAgency?.id;
  const offers = useJobOffers(isNetwork ? { isNetwork: true } : { agencyId }, isNetwork || agencyId !== undefined);
  const columns = useJobOfferColumns(isNetwork);
  const remove = useConfirmed({
    run: (offer: JobOffer) => deleteJobOffer(offer.id),
    done: t('jobsResults.offers.deleted'),
    failed: t('jobsResults.offers.errors.delete'),
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('menu.jobOffers')}
        </Title>
        <Button component={Link} to={jobOfferHref()} leftSection={<IconPlus size={18} aria-hidden="true" />}>
          {t('jobsResults.offers.add')}
        </Button>
      </Group>
      {!isNetwork && agencyId === undefined ? (
        <EmptyBlock
          icon={<IconBriefcase size={28} />}
          title={t('jobsResults.offers.empty')}
          text={t('jobsResults.offers.noAgency')}
        />
      ) : (
        <PagedTable
          label={t('jobsResults.offers.listLabel')}
          query={offers}
          pageNumber={1}
          onPageChange={noPaging}
          columns={columns}
          rowKey={(offer) => offer.id}
          empty={
            <EmptyBlock
              icon={<IconBriefcase size={28} />}
              title={t('jobsResults.offers.empty')}
              text={t('jobsResults.offers.emptyText')}
            />
          }
          rowActions={(offer) => <JobOfferActions offer={offer} onDelete={() => remove.ask(offer)} />}
        />
      )}
      <ConfirmDialog
        {...remove.dialog}
        title={t('jobsResults.offers.deleteTitle')}
        confirmLabel={t('jobsResults.offers.deleteConfirm')}
        color="red"
      >
        <Text>{t('jobsResults.offers.deleteText', { title: remove.target?.title ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** Type, title (and agency for the network), template badge, publication date, the active switch. */
function useJobOfferColumns(isNetwork: boolean): Column<JobOffer>[] {
  const { t } = useTranslation();
  const types = useJobOfferTypes();
  const typeName = (code: string) => types.data?.find((type) => type.code === code)?.name ?? code;

  const toggle = useMutation({
    mutationFn: (offer: JobOffer) =>
      saveJobOffer(offer.id, bodyOf(offer, { isActive: !offer.isActive, publicationDate: todayIso() })),
    onSuccess: (_, offer) =>
      notifySuccess(offer.isActive ? t('jobsResults.offers.deactivated') : t('jobsResults.offers.activated')),
    onError: () => notifyError(t('jobsResults.offers.errors.toggle')),
  });

  return [
    {
      key: 'type',
      header: t('jobsResults.offers.columns.type'),
      cell: (offer) => (
        <Badge variant="light" color="teal">
          {typeName(offer.jobOfferTypeCode)}
        </Badge>
      ),
      width: 130,
    },
    {
      key: 'title',
      header: t('jobsResults.offers.columns.title'),
      cell: (offer) => (
        <Stack gap={2}>
          <Anchor component={Link} to={jobOfferHref(offer.id)} fw={600}>
            {offer.title}
          </Anchor>
          {isNetwork && offer.agencyName ? (
            <Text size="xs" c="dimmed">
              {offer.agencyName}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'template',
      header: t('jobsResults.offers.columns.template'),
      cell: (offer) =>
        offer.isTemplate ? (
          <Badge variant="outline" color="grape">
            {t('jobsResults.offers.templateBadge')}
          </Badge>
        ) : null,
      width: 110,
    },
    {
      key: 'publicationDate',
      header: t('jobsResults.offers.columns.publicationDate'),
      cell: (offer) =>
        offer.publicationDate ? (
          formatDate(offer.publicationDate)
        ) : (
          <Text span size="sm" c="dimmed">
            {t('jobsResults.offers.notPublished')}
          </Text>
        ),
      width: 130,
    },
    {
      key: 'active',
      header: t('jobsResults.offers.columns.active'),
      cell: (offer) => {
        const control = (
          <Switch
            checked={offer.isActive}
            disabled={offer.isTemplate || (toggle.isPending && toggle.variables?.id === offer.id)}
            aria-label={t('jobsResults.offers.switchLabel', { title: offer.title })}
            onChange={() => toggle.mutate(offer)}
          />
        );
        return offer.isTemplate ? <Tooltip label={t('jobsResults.offers.templateNeverActive')}>{control}</Tooltip> : control;
      },
      width: 90,
    },
  ];
}

function JobOfferActions({ offer, onDelete }: { offer: JobOffer; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <ActionIcon
        component={Link}
        to={jobOfferHref(offer.id)}
        variant="subtle"
        aria-label={t('jobsResults.offers.edit', { title: offer.title })}
      >
        <IconPencil size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('jobsResults.offers.delete', { title: offer.title })}
        onClick={onDelete}
      >
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}
