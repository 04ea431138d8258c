import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { FORUM_MESSAGES } from '@reseau/contracts/constants/forums';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type ForumThread, useForumPostPage, useForumThemes, useForumThread } from '../../../api/forums';
import { ForbiddenPage } from '../../../components/ForbiddenPage';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { PagedView } from '../../../components/PagedView';
import { RichTextView } from '../../../components/rich-text/RichTextView';
import { useTranslation } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { useListParams } from '../../../lib/use-list-params';
import { ForumBreadcrumbs } from './ForumBreadcrumbs';
import { ForumPostItem } from './ForumPostItem';
import { useForumOfRoute } from './forum-params';
import { JoinedFiles } from './JoinedFiles';
import { PostForm } from './PostForm';
import { ThreadActions } from './ThreadActions';
import { ThreadForm } from './ThreadForm';

const NO_FILTERS = {};

/**
 * `/intranet/forum/{forumId}/thread/{threadId}` (spec 02 §2, §4): the opening post in view or
 * edit mode, the editor's actions, the replies 5 a page, and the reply form unless closed.
 */
export function ForumThreadPage() {
  const { t } = useTranslation();
  const { forumId, forum, forbidden, readableId, threadId } = useForumOfRoute();
  // Asked for once the forum is known readable: a thread of a forum the reader may not open is
  // refused by the server, and that refusal is the "Accès refusé" page, not a red popover. The
  // route starts both requests together (app/intranet/screen-requests.ts): no round trip is lost.
  const thread = useForumThread(readableId ? threadId : 0);
  const themes = useForumThemes(readableId);
  const [editing, setEditing] = useState(false);
  const back = `/intranet/forum/${forumId}`;
  if (forbidden) return <ForbiddenPage home="/intranet" />;

  return (
    <Stack gap="lg" maw={1040}>
      <div>
        <Button component={Link} to={back} variant="subtle" px={0} leftSection={<IconArrowLeft size={18} aria-hidden="true" />}>
          {t('forums.thread.back')}
        </Button>
      </div>
      <ForumBreadcrumbs forumId={forumId} forumTitle={forum?.title} current={thread.data?.title ?? ''} />
      {thread.isError ? (
        <LoadError message={t('forums.errors.loadThread')} onRetry={() => void thread.refetch()} />
      ) : !thread.data ? (
        <Skeleton height={320} radius="md" />
      ) : editing && themes.data ? (
        <ThreadForm
          forumId={forumId}
          themes={themes.data}
          thread={thread.data}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <OpeningPost
          thread={thread.data}
          themeName={themes.data?.find((theme) => theme.id === thread.data.forumThemeId)?.name ?? ''}
          onEdit={() => setEditing(true)}
        />
      )}
      {thread.data ? <Replies thread={thread.data} /> : null}
    </Stack>
  );
}

function OpeningPost({ thread, themeName, onEdit }: { thread: ForumThread; themeName: string; onEdit: () => void }) {
  const { t } = useTranslation();
  return (
    <Card shadow="xs" padding="lg" radius="md" component="article" aria-labelledby="thread-title">
      <Stack gap="md">
        <Group gap="sm">
          {themeName ? (
            <Badge variant="light" color="teal">
              {themeName}
            </Badge>
          ) : null}
          {thread.isClosed ? (
            <Badge color="gray" variant="filled" leftSection={<IconLock size={12} aria-hidden="true" />}>
              {t('forums.closed')}
            </Badge>
          ) : null}
        </Group>
        <Title order={1} size="h2" id="thread-title" style={{ overflowWrap: 'anywhere' }}>
          {thread.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t('forums.thread.byline', {
            author: thread.author,
            agency: thread.agencyName || '—',
            date: formatDateTime(thread.publicationDate),
          })}
          {' · '}
          {t('forums.thread.lastUpdate', { date: formatDateTime(thread.lastUpdateDate) })}
        </Text>
        {/* Stored through the server's rich-text sanitizer (modules/forums/checks.ts). */}
        <RichTextView html={thread.content} />
        <JoinedFiles files={thread.joinedFiles} />
        {thread.isEditable ? <ThreadActions thread={thread} onEdit={onEdit} /> : null}
      </Stack>
    </Card>
  );
}

function Replies({ thread }: { thread: ForumThread }) {
  const { t } = useTranslation();
  const list = useListParams(NO_FILTERS);
  const posts = useForumPostPage(thread.id, list.pageNumber);
  // A new form after each reply (the editor starts empty again).
  const [sent, setSent] = useState(0);
  return (
    <Stack gap="md" component="section" aria-labelledby="replies-title">
      <Title order={2} size="h4" id="replies-title">
        {t('forums.post.title', { count: thread.numberOfAnswers })}
      </Title>
      <PagedView
        query={posts}
        pageNumber={list.pageNumber}
        onPageChange={list.setPage}
        skeleton={<ListSkeleton rows={3} height={96} />}
        empty={
          <Text c="dimmed" size="sm">
            {t('forums.post.empty')}
          </Text>
        }
      >
        {(items) => (
          <Stack gap="sm">
            {items.map((post) => (
              <ForumPostItem key={post.id} post={post} threadOpen={!thread.isClosed} />
            ))}
          </Stack>
        )}
      </PagedView>
      {thread.isClosed ? (
        <Text c="dimmed" size="sm" role="status">
          {FORUM_MESSAGES.threadClosed}
        </Text>
      ) : (
        <Card withBorder radius="md" padding="lg">
          <Title order={3} size="h5" mb="sm">
            {t('forums.post.replyTitle')}
          </Title>
          <PostForm key={sent} forumThreadId={thread.id} onSaved={() => setSent((n) => n + 1)} />
        </Card>
      )}
    </Stack>
  );
}
