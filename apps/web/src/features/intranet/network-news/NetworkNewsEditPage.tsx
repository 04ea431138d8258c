import { Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  deleteNetworkActuality,
  networkActualityKeys,
  useNetworkActuality,
  useNetworkActualityCategories,
} from '../../../api/network-actualities';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useTranslation } from '../../../i18n';
import { useLeaveDeleted } from '../../../lib/leave-deleted';
import { notifyError } from '../../../lib/notify';
import { useConfirmed } from '../../../lib/use-confirmed';
import { NewsEditForm } from './NewsEditForm';

const LIST = '/intranet/network-news';

/**
 * `/intranet/network-news-edit?id={id}`: a new news item without `id`, the stored one with it
 * (spec 01 §2). A failed load goes back to the list (spec 01 §8); deleting asks first.
 */
export function NetworkNewsEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const raw = useSearchParams()[0].get('id');
  const id = raw === null ? null : Number(raw);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const news = useNetworkActuality(id ?? 0);
  const categories = useNetworkActualityCategories();

  useEffect(() => {
    if (valid && !news.isError && !categories.isError) return;
    if (!valid) notifyError(t('networkActualityErrors.loadActuality'));
    navigate(LIST, { replace: true });
  }, [valid, news.isError, categories.isError, navigate, t]);

  const leaveDeleted = useLeaveDeleted();
  const remove = useConfirmed({
    run: (newsId: number) => deleteNetworkActuality(newsId),
    done: t('newsEdit.deleted'),
    failed: t('newsEdit.deleteFailed'),
    onDone: (newsId) =>
      leaveDeleted(LIST, { drop: [{ queryKey: networkActualityKeys.detail(newsId) }], refresh: networkActualityKeys.all }),
  });

  const ready = categories.data && (id === null || news.data);
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Button
          component={Link}
          to={id === null ? LIST : `${LIST}/${id}`}
          variant="subtle"
          px={0}
          leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
        >
          {id === null ? t('newsList.back') : t('newsEdit.backToNews')}
        </Button>
        <Title order={1} size="h2">
          {id === null ? t('newsEdit.newTitle') : t('newsEdit.editTitle')}
        </Title>
      </div>
      {ready ? (
        <NewsEditForm
          key={news.data?.id ?? 'new'}
          item={id === null ? undefined : news.data}
          categories={categories.data ?? []}
          onSaved={(savedId) => navigate(`${LIST}/${savedId}`)}
          onDelete={id === null ? undefined : () => remove.ask(id)}
        />
      ) : (
        <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={56} />
          <Skeleton height={300} />
          <Skeleton height={120} />
        </Stack>
      )}
      <ConfirmDialog {...remove.dialog} title={t('newsEdit.deleteTitle')} confirmLabel={t('newsEdit.delete')} color="red">
        <Text>{t('newsEdit.deleteText', { title: news.data?.title ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
