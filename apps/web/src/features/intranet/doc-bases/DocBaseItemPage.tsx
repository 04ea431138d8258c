import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPaperclip, IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  deleteDocumentBaseItem,
  documentBaseKeys,
  useDocumentBaseItem,
  useDocumentBaseItemCategories,
  useDocumentBaseItemTypes,
  useDocumentBases,
} from '../../../api/document-bases';
import { filePath } from '../../../api/files';
import { useDownload } from '../../../api/use-download';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FileImage } from '../../../components/FileImage';
import { RichTextView } from '../../../components/rich-text/RichTextView';
import { useTranslation } from '../../../i18n';
import { formatDate } from '../../../lib/format';
import { useLeaveDeleted } from '../../../lib/leave-deleted';
import { notifyError } from '../../../lib/notify';
import { useConfirmed } from '../../../lib/use-confirmed';
import classes from './DocBases.module.css';
import { EDITION_DATE } from './DocumentCard';
import { editPath, idParam, listPath, useMayWrite } from './doc-base-access';

/** The list's address the card was opened from (its page and filters), if it came from there. */
function backAddress(baseId: number, state: unknown): string {
  const search = (state as { listSearch?: unknown } | null)?.listSearch;
  return typeof search === 'string' && search.startsWith('?') ? `${listPath(baseId)}${search}` : listPath(baseId);
}

/**
 * `/intranet/doc-base/{base}/{id}` (spec 02 §2): illustrations, text, downloadable files, category
 * and type tags, last edition date (dd/MM/yyyy), back to the list as it was left; writers edit
 * and delete (after a confirmation). A failed load goes back to the list (spec 02 §8).
 */
export function DocBaseItemPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const baseId = idParam(params.baseId) ?? 0;
  const id = idParam(params.itemId);
  const document = useDocumentBaseItem(id ?? 0);
  const item = document.data && document.data.documentBaseId === baseId ? document.data : undefined;
  const base = useDocumentBases().data?.find((b) => b.id === baseId);
  const categories = useDocumentBaseItemCategories(baseId, item !== undefined);
  const types = useDocumentBaseItemTypes(item?.typeId ? item.categoryId : null);
  const mayWrite = useMayWrite(base);
  const back = backAddress(baseId, location.state);
  const downloads = useDownload(t('documentBases.downloadFailed'));

  // A failed load (its popover is the query's), an address naming no document, or a document of another base: back to the list.
  const wrongBase = document.data !== undefined && document.data.documentBaseId !== baseId;
  useEffect(() => {
    if (id !== null && !document.isError && !wrongBase) return;
    if (id === null || wrongBase) notifyError(t('documentBases.errors.loadItem'));
    navigate(back, { replace: true });
  }, [id, document.isError, wrongBase, navigate, back, t]);

  const leaveDeleted = useLeaveDeleted();
  const remove = useConfirmed({
    run: (itemId: number) => deleteDocumentBaseItem(itemId),
    done: t('documentBases.deleted'),
    failed: t('documentBases.deleteFailed'),
    onDone: (itemId) =>
      leaveDeleted(back, { drop: [{ queryKey: documentBaseKeys.detail(itemId) }], refresh: documentBaseKeys.all }),
  });

  const category = categories.data?.find((c) => c.id === item?.categoryId);
  const type = types.data?.find((ty) => ty.id === item?.typeId);
  return (
    <Stack gap="lg" maw={880}>
      <Group justify="space-between" gap="sm">
        <Button component={Link} to={back} variant="subtle" px={0} leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
          {t('documentBases.back')}
        </Button>
        {mayWrite && item ? (
          <Group gap="sm">
            <Button
              component={Link}
              to={editPath(baseId, item.id)}
              variant="light"
              leftSection={<IconPencil size={18} aria-hidden="true" />}
            >
              {t('documentBases.edit')}
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden="true" />}
              onClick={() => remove.ask(item.id)}
            >
              {t('documentBases.delete')}
            </Button>
          </Group>
        ) : null}
      </Group>
      {!item ? (
        <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={36} width="70%" />
          <Skeleton height={260} radius="lg" />
          <Skeleton height={120} />
        </Stack>
      ) : (
        <Card shadow="xs" component="article" aria-labelledby="document-title">
          <Stack gap="md">
            <Group gap="sm">
              {category ? (
                <Badge variant="light" color="teal">
                  {category.name}
                </Badge>
              ) : null}
              {type ? (
                <Badge variant="outline" color="teal">
                  {type.name}
                </Badge>
              ) : null}
              <Text size="sm" c="dimmed" component="time" dateTime={item.lastEditionDate}>
                {t('documentBases.editedOn', { date: formatDate(item.lastEditionDate, EDITION_DATE) })}
              </Text>
            </Group>
            <Title order={1} size="h2" id="document-title" className={classes.title}>
              {item.title}
            </Title>
            <Text fw={500}>{item.shortDescription}</Text>
            {item.illustrationFiles.length > 0 ? (
              <SimpleGrid cols={{ base: 1, sm: item.illustrationFiles.length }} spacing="md">
                {item.illustrationFiles.map((file) => (
                  <FileImage
                    key={file.fileId}
                    fileId={file.fileId}
                    alt={t('documentBases.illustration', { title: item.title })}
                    radius="md"
                    className={classes.illustration}
                    fallback={<Skeleton height={240} radius="md" animate={false} />}
                  />
                ))}
              </SimpleGrid>
            ) : null}
            {/* Stored through the server's rich-text sanitizer (document-bases/writes.ts). */}
            <RichTextView html={item.content} />
            {item.joinedFiles.length > 0 ? (
              <section aria-labelledby="document-files">
                <Title order={2} size="h5" id="document-files" mb="xs">
                  {t('documentBases.files')}
                </Title>
                <Group gap="sm">
                  {item.joinedFiles.map((file) => (
                    <Button
                      key={file.fileId}
                      variant="light"
                      leftSection={<IconPaperclip size={16} aria-hidden="true" />}
                      loading={downloads.isDownloading(filePath(file.fileId))}
                      onClick={() => void downloads.download(filePath(file.fileId), file.fileName || 'document')}
                      aria-label={t('documentBases.download', { name: file.fileName })}
                    >
                      {file.fileName}
                    </Button>
                  ))}
                </Group>
              </section>
            ) : null}
          </Stack>
        </Card>
      )}
      <ConfirmDialog
        {...remove.dialog}
        title={t('documentBases.deleteTitle')}
        confirmLabel={t('documentBases.delete')}
        color="red"
      >
        <Text>{t('documentBases.deleteText', { title: item?.title ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
