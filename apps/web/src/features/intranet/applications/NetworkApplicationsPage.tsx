import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconApps, IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteNetworkApplication, type NetworkApplication, useNetworkApplications } from '../../../api/network-applications';
import { CardGrid } from '../../../components/CardGrid';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { useTranslation } from '../../../i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { ApplicationCard } from './ApplicationCard';
import { type ApplicationEditing, ApplicationFormModal } from './ApplicationFormModal';
import classes from './NetworkApplicationsPage.module.css';

const noPaging = () => {};

/**
 * `/intranet/applications` (spec 02 §2): the network's applications as cards, each opening in a
 * new tab. With network_application_administration: "Nouvelle application", and edit and delete
 * on each card (a modal form; a confirmation before delete).
 */
export function NetworkApplicationsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const applications = useNetworkApplications();
  const canManage = session.permissions.includes('network_application_administration');
  const [editing, setEditing] = useState<ApplicationEditing>(null);
  const [deleting, setDeleting] = useState<NetworkApplication | null>(null);

  const remove = useMutation({
    mutationFn: (application: NetworkApplication) => deleteNetworkApplication(application.id),
    onSuccess: () => notifySuccess(t('applications.deleted')),
    onError: () => notifyError(t('applications.errors.delete')),
    onSettled: () => setDeleting(null),
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('menu.applications')}
        </Title>
        {canManage ? (
          <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setEditing({})}>
            {t('applications.add')}
          </Button>
        ) : null}
      </Group>
      <CardGrid
        label={t('applications.listLabel')}
        query={applications}
        pageNumber={1}
        onPageChange={noPaging}
        itemKey={(item) => item.id}
        skeletonHeight={230}
        gridClassName={classes.grid}
        empty={
          <EmptyBlock
            icon={<IconApps size={28} />}
            title={t('applications.empty')}
            text={canManage ? t('applications.emptyAdmin') : t('applications.emptyText')}
          />
        }
        renderItem={(item) => (
          <ApplicationCard
            application={item}
            canManage={canManage}
            onEdit={(application) => setEditing({ application })}
            onDelete={setDeleting}
          />
        )}
      />
      {canManage ? (
        <>
          <ApplicationFormModal editing={editing} onClose={() => setEditing(null)} />
          <ConfirmDialog
            opened={deleting !== null}
            title={t('applications.deleteTitle')}
            confirmLabel={t('applications.deleteConfirm')}
            color="red"
            loading={remove.isPending}
            onConfirm={() => deleting && remove.mutate(deleting)}
            onClose={() => setDeleting(null)}
          >
            <Text>{t('applications.deleteText', { title: deleting?.title ?? '' })}</Text>
          </ConfirmDialog>
        </>
      ) : null}
    </Stack>
  );
}
