import { ActionIcon, Card, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { deleteForumPost, type ForumPost } from '../../../api/forums';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RichTextView } from '../../../components/rich-text/RichTextView';
import { useTranslation } from '../../../i18n';
import { formatDateTime } from '../../../lib/format';
import { useConfirmed } from '../../../lib/use-confirmed';
import { JoinedFiles } from './JoinedFiles';
import { PostForm } from './PostForm';

/**
 * One reply: author, agency, date, text and files; its editors (`isEditable`, the server's rule)
 * get edit and delete while the thread is open (spec 02 §4: a closed thread offers only reopening).
 */
export function ForumPostItem({ post, threadOpen }: { post: ForumPost; threadOpen: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const remove = useConfirmed({
    run: (deleted: ForumPost) => deleteForumPost(deleted.id),
    done: t('forums.post.deleted'),
    failed: t('forums.errors.deletePost'),
  });
  const actions = post.isEditable && threadOpen && !editing;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={t('forums.post.label', { author: post.author })}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fw={600} size="sm">
              {post.author}
            </Text>
            <Text size="xs" c="dimmed">
              {post.agencyName ? `${post.agencyName} · ` : ''}
              <time dateTime={post.publicationDate}>{formatDateTime(post.publicationDate)}</time>
            </Text>
          </div>
          {actions ? (
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={t('forums.post.edit')} onClick={() => setEditing(true)}>
                <IconPencil size={18} aria-hidden="true" />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={t('forums.post.delete')} onClick={() => remove.ask(post)}>
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
          ) : null}
        </Group>
        {editing ? (
          <PostForm
            forumThreadId={post.forumThreadId}
            post={post}
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <>
            {/* Stored through the server's rich-text sanitizer (modules/forums/checks.ts). */}
            <RichTextView html={post.content} />
            <JoinedFiles files={post.joinedFiles} />
          </>
        )}
      </Stack>
      <ConfirmDialog {...remove.dialog} title={t('forums.post.deleteTitle')} confirmLabel={t('forums.post.delete')} color="red">
        {t('forums.post.deleteText')}
      </ConfirmDialog>
    </Card>
  );
}
