import { Skeleton, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useForumThemes } from '../../../api/forums';
import { ForbiddenPage } from '../../../components/ForbiddenPage';
import { LoadError } from '../../../components/LoadError';
import { useTranslation } from '../../../i18n';
import { ForumBreadcrumbs } from './ForumBreadcrumbs';
import { useForumOfRoute } from './forum-params';
import { ThreadForm } from './ThreadForm';

/** `/intranet/forum/{forumId}/create-thread` (spec 02 §2): the new thread form; saved, it opens the thread. */
export function CreateThreadPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { forumId, forum, forbidden, readableId } = useForumOfRoute();
  const themes = useForumThemes(readableId);
  const back = `/intranet/forum/${forumId}`;
  if (forbidden) return <ForbiddenPage home="/intranet" />;
  return (
    <Stack gap="lg" maw={960}>
      <ForumBreadcrumbs forumId={forumId} forumTitle={forum?.title} current={t('forums.newThread')} />
      <Title order={1} size="h2">
        {t('forums.newThread')}
      </Title>
      {themes.isError ? (
        <LoadError message={t('forums.errors.loadThemes')} onRetry={() => void themes.refetch()} />
      ) : themes.data ? (
        <ThreadForm
          forumId={forumId}
          themes={themes.data}
          onSaved={(id) => navigate(`/intranet/forum/${forumId}/thread/${id}`)}
          onCancel={() => navigate(back)}
        />
      ) : (
        <Skeleton height={480} radius="md" />
      )}
    </Stack>
  );
}
