import { Anchor, Breadcrumbs, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useForumThemes } from '../../../api/forums';
import { LoadError } from '../../../components/LoadError';
import { useTranslation } from '../../../i18n';
import { useForumOfRoute } from './forum-params';
import { ThreadForm } from './ThreadForm';

/** `/intranet/forum/{forumId}/create-thread` (spec 02 §2): the new thread form; saved, it opens the thread. */
export function CreateThreadPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { forumId, forum } = useForumOfRoute();
  const themes = useForumThemes(forumId);
  const back = `/intranet/forum/${forumId}`;
  return (
    <Stack gap="lg" maw={960}>
      <Breadcrumbs>
        <Anchor component={Link} to="/intranet/forum">
          {t('forums.title')}
        </Anchor>
        <Anchor component={Link} to={back}>
          {forum?.title ?? t('forums.forum')}
        </Anchor>
        <Text>{t('forums.newThread')}</Text>
      </Breadcrumbs>
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
