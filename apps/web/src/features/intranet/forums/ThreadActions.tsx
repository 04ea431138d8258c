import { Button, Group } from '@mantine/core';
import { IconLock, IconLockOpen, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { deleteForumThread, type ForumThread, forumKeys, updateForumThread } from '../../../api/forums';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useTranslation } from '../../../i18n';
import { useLeaveDeleted } from '../../../lib/leave-deleted';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useConfirmed } from '../../../lib/use-confirmed';

/**
 * The editor's actions on a thread (shown when `isEditable`): edit, close and delete while it is
 * open; once closed, only reopen (spec 02 §4). Closing sends the thread as it is with isClosed.
 */
export function ThreadActions({ thread, onEdit }: { thread: ForumThread; onEdit: () => void }) {
  const { t } = useTranslation();
  const toggle = useMutation({
    mutationFn: () =>
      updateForumThread(thread.id, {
        forumThemeId: thread.forumThemeId,
        title: thread.title,
        content: thread.content,
        joinedFiles: thread.joinedFiles,
        isClosed: !thread.isClosed,
      }),
    onSuccess: () => {
      notifySuccess(t(thread.isClosed ? 'forums.thread.reopened' : 'forums.thread.closedNotice'));
    },
    onError: () => notifyError(t('forums.errors.updateThread')),
  });
  const leaveDeleted = useLeaveDeleted();
  const remove = useConfirmed({
    run: (deleted: ForumThread) => deleteForumThread(deleted.id),
    done: t('forums.thread.deleted'),
    failed: t('forums.errors.deleteThread'),
    onDone: (deleted) =>
      leaveDeleted(`/intranet/forum/${deleted.forumId}`, {
        drop: [
          { queryKey: forumKeys.thread(deleted.id) },
          // Its replies, every page of them.
          {
            queryKey: ['forums', 'posts'],
            predicate: (query) => (query.queryKey[2] as { forumThreadId?: number } | undefined)?.forumThreadId === deleted.id,
          },
        ],
        refresh: forumKeys.all,
      }),
  });

  return (
    <Group gap="sm">
      {thread.isClosed ? (
        <Button
          variant="light"
          leftSection={<IconLockOpen size={18} aria-hidden="true" />}
          loading={toggle.isPending}
          onClick={() => toggle.mutate()}
        >
          {t('forums.thread.reopen')}
        </Button>
      ) : (
        <>
          <Button variant="light" leftSection={<IconPencil size={18} aria-hidden="true" />} onClick={onEdit}>
            {t('forums.thread.edit')}
          </Button>
          <Button
            variant="light"
            color="gray"
            leftSection={<IconLock size={18} aria-hidden="true" />}
            loading={toggle.isPending}
            onClick={() => toggle.mutate()}
          >
            {t('forums.thread.close')}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden="true" />}
            onClick={() => remove.ask(thread)}
          >
            {t('forums.thread.delete')}
          </Button>
        </>
      )}
      <ConfirmDialog
        {...remove.dialog}
        title={t('forums.thread.deleteTitle')}
        confirmLabel={t('forums.thread.delete')}
        color="red"
      >
        {t('forums.thread.deleteText')}
      </ConfirmDialog>
    </Group>
  );
}
