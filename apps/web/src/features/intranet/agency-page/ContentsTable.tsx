import { ActionIcon, Group, Switch, Text } from '@mantine/core';
import { IconEdit, IconFileOff, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  type AgencyPageContent,
  deleteAgencyPageContent,
  saveAgencyPageContent,
  useAgencyPageContents,
} from '../../../api/agency-page-contents';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/DataTable';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { useTranslation } from '../../../i18n';
import '../../../i18n/lists';
import { notifyError } from '../../../lib/notify';
import { useConfirmed } from '../../../lib/use-confirmed';

/**
 * The contents of an agency's page, or the network-wide ones (`agencyId` null), spec 01 §2:
 * title, edit, delete (after confirmation) and the active switch, which saves the content at once.
 */
export function ContentsTable({ agencyId, editHref }: { agencyId: number | null; editHref: (id: number) => string }) {
  const { t } = useTranslation();
  const contents = useAgencyPageContents(agencyId);

  const toggle = useMutation({
    mutationFn: (content: AgencyPageContent) =>
      saveAgencyPageContent(content.id, {
        title: content.title,
        videoUrl: content.videoUrl,
        content: content.content,
        illustrationFileId: content.illustrationFileId,
        agencyId: content.agencyId,
        isActive: !content.isActive,
      }),
    onError: () => notifyError(t('agencyPage.errors.saveContent')),
  });
  const remove = useConfirmed({
    run: (content: AgencyPageContent) => deleteAgencyPageContent(content.id),
    done: t('agencyPage.contentDeleted'),
    failed: t('agencyPage.errors.deleteContent'),
  });

  if (contents.isPending) return <ListSkeleton rows={3} height={40} />;
  if (contents.isError)
    return <LoadError message={t('agencyPage.errors.loadContents')} onRetry={() => void contents.refetch()} />;
  if (contents.data.length === 0) return <EmptyBlock icon={<IconFileOff size={28} />} title={t('list.noData')} />;

  return (
    <>
      <DataTable
        label={t('agencyPage.contentsTable')}
        minWidth={260}
        rows={contents.data}
        rowKey={(content) => content.id}
        columns={[
          {
            key: 'title',
            header: t('agencyPage.contentTitle'),
            cell: (content) => (
              <Text size="sm" fw={500}>
                {content.title}
              </Text>
            ),
          },
          {
            key: 'active',
            header: t('agencyPage.active'),
            width: 64,
            cell: (content) => (
              <Switch
                checked={content.isActive}
                disabled={toggle.isPending && toggle.variables?.id === content.id}
                onChange={() => toggle.mutate(content)}
                aria-label={t('agencyPage.activeOne', { title: content.title })}
              />
            ),
          },
        ]}
        actionsWidth={76}
        rowActions={(content) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <ActionIcon
              component={Link}
              to={editHref(content.id)}
              variant="subtle"
              aria-label={t('agencyPage.editOne', { title: content.title })}
            >
              <IconEdit size={18} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => remove.ask(content)}
              aria-label={t('agencyPage.deleteOne', { title: content.title })}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Group>
        )}
      />
      <ConfirmDialog {...remove.dialog} title={t('agencyPage.deleteTitle')} confirmLabel={t('agencyPage.delete')} color="red">
        <Text>{t('agencyPage.deleteText', { title: remove.target?.title ?? '' })}</Text>
      </ConfirmDialog>
    </>
  );
}
