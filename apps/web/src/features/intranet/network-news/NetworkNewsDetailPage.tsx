import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPaperclip, IconPencil } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { filePath } from '../../../api/files';
import { useNetworkActuality, useSetNetworkActualityRead } from '../../../api/network-actualities';
import { useDownload } from '../../../api/use-download';
import { FileImage } from '../../../components/FileImage';
import { RichTextView } from '../../../components/rich-text/RichTextView';
import { useTranslation } from '../../../i18n';
import { formatDate } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import classes from './NetworkNewsDetailPage.module.css';
import { categoryLabel } from './news-text';

const LIST = '/intranet/network-news';

/** The list's address the card was opened from (its page and filters), if it came from there. */
function listAddress(state: unknown): string {
  const search = (state as { listSearch?: unknown } | null)?.listSearch;
  return typeof search === 'string' && search.startsWith('?') ? `${LIST}${search}` : LIST;
}

/**
 * `/intranet/network-news/{id}`: one news item with its illustrations and attached files, and a
 * back button to the list as it was left. Opening it marks it read; a failed load goes back to
 * the list (spec 01 §8).
 */
export function NetworkNewsDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const news = useNetworkActuality(id);
  const downloads = useDownload(t('newsList.downloadFailed'));
  const back = listAddress(location.state);
  const permissions = useSession().permissions;
  const canEdit = permissions.includes('network_actualities_administration');
  // Opening a news item marks it read (spec 01 §4), from a card, the dashboard, a notification or
  // an address alike: once per item, with network_news_reading (spec 01 §6; the server checks it).
  const canMarkRead = permissions.includes('network_news_reading');
  const { mutate: setRead } = useSetNetworkActualityRead();
  const marked = useRef<number | null>(null);
  const unreadId = news.data && !news.data.isRead ? news.data.id : null;
  useEffect(() => {
    if (!canMarkRead || unreadId === null || marked.current === unreadId) return;
    marked.current = unreadId;
    setRead({ id: unreadId, isRead: true });
  }, [canMarkRead, unreadId, setRead]);

  // A failed load (its popover is the query's) or an address that names no news: back to the list.
  useEffect(() => {
    if (valid && !news.isError) return;
    if (!valid) notifyError(t('networkActualityErrors.loadActuality'));
    navigate(back, { replace: true });
  }, [valid, news.isError, navigate, back, t]);

  const item = news.data;
  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Group justify="space-between" gap="sm">
          <Button component={Link} to={back} variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden="true" />} px={0}>
            {t('newsList.back')}
          </Button>
          {canEdit && item ? (
            <Button
              component={Link}
              to={`/intranet/network-news-edit?id=${item.id}`}
              variant="light"
              leftSection={<IconPencil size={18} aria-hidden="true" />}
            >
              {t('newsEdit.edit')}
            </Button>
          ) : null}
        </Group>
      </div>
      {!item ? (
        <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={36} width="70%" />
          <Skeleton height={260} radius="lg" />
          <Skeleton height={120} />
        </Stack>
      ) : (
        <Card shadow="xs" component="article" aria-labelledby="news-title">
          <Stack gap="md">
            <Group gap="sm">
              <Badge variant="light" color="teal">
                {categoryLabel(item.category)}
              </Badge>
              <Text size="sm" c="dimmed" component="time" dateTime={item.publicationDate}>
                {t('newsList.publishedOn', { date: formatDate(item.publicationDate) })}
              </Text>
            </Group>
            <Title order={1} size="h2" id="news-title" className={classes.title}>
              {item.title}
            </Title>
            {item.illustrationFiles.length > 0 ? (
              <SimpleGrid cols={{ base: 1, sm: item.illustrationFiles.length }} spacing="md">
                {item.illustrationFiles.map((file) => (
                  <FileImage
                    key={file.fileId}
                    fileId={file.fileId}
                    alt={t('newsList.illustration', { title: item.title })}
                    radius="md"
                    className={classes.illustration}
                    fallback={<Skeleton className={classes.illustration} radius="md" animate={false} />}
                  />
                ))}
              </SimpleGrid>
            ) : null}
            {/* Stored through the server's rich-text sanitizer (network-actualities/writes.ts). */}
            <RichTextView html={item.content ?? ''} className={classes.content} />
            {item.joinedFiles.length > 0 ? (
              <section aria-labelledby="news-files">
                <Title order={2} size="h5" id="news-files" mb="xs">
                  {t('newsList.joinedFiles')}
                </Title>
                <Group gap="sm">
                  {item.joinedFiles.map((file, index) => (
                    <Button
                      key={file.fileId}
                      variant="light"
                      leftSection={<IconPaperclip size={16} aria-hidden="true" />}
                      loading={downloads.isDownloading(filePath(file.fileId))}
                      onClick={() => void downloads.download(filePath(file.fileId), file.fileName || 'piece-jointe')}
                      className={classes.fileButton}
                    >
                      {file.fileName || t('newsList.joinedFile', { number: index + 1 })}
                    </Button>
                  ))}
                </Group>
              </section>
            ) : null}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
