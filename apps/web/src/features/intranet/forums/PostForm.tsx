import { Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { forumPostForm } from '@reseau/contracts/schemas/forums';
import { createForumPost, type ForumPost, refreshForumThread, updateForumPost } from '../../../api/forums';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { useTranslation } from '../../../i18n';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useFormAction } from '../../../lib/use-form-action';
import { FormButtons } from './FormButtons';
import { ForumFilesField, type JoinedFileValue } from './ForumFilesField';
import { joinedFilesOf } from './forum-values';

const validate = schemaResolver(forumPostForm, { sync: true });

interface PostValues {
  content: string;
  joinedFiles: JoinedFileValue[];
}

/**
 * A reply (spec 02 §2): the form at the bottom of an open thread, or a reply's edit mode when
 * `post` is given. A thread closed meanwhile refuses the reply with the server's French message.
 */
export function PostForm({
  forumThreadId,
  post,
  onSaved,
  onCancel,
}: {
  forumThreadId: number;
  post?: ForumPost;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { currentAgency } = useSession();
  const initialValues: PostValues = { content: post?.content ?? '', joinedFiles: post?.joinedFiles ?? [] };
  const form = useForm<PostValues>({ mode: 'controlled', initialValues, ...VALIDATE_WHEN_CHANGED, validate });

  const save = useFormAction({
    action: async (values: PostValues) => {
      const fields = { content: values.content, joinedFiles: joinedFilesOf(values.joinedFiles) };
      if (post) await updateForumPost(post.id, fields);
      else await createForumPost({ ...fields, forumThreadId, agencyId: currentAgency?.id ?? null });
    },
    form,
    fallback: t(post ? 'forums.errors.updatePost' : 'forums.errors.createPost'),
    handleError: (error) => {
      if (error.code !== 'forum_thread_closed') return false;
      notifyError(error.message);
      void refreshForumThread(forumThreadId);
      return true;
    },
    onSuccess: () => {
      notifySuccess(t(post ? 'forums.post.updated' : 'forums.post.created'));
      onSaved();
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(save.submit)}
      aria-label={t(post ? 'forums.post.editLabel' : 'forums.post.replyLabel')}
    >
      <Stack gap="md">
        <RichTextEditor
          label={t(post ? 'forums.post.editMessage' : 'forums.post.message')}
          required
          minHeight={140}
          {...form.getInputProps('content')}
        />
        <ForumFilesField
          value={form.values.joinedFiles}
          onChange={(files) => form.setFieldValue('joinedFiles', files)}
          errors={form.errors}
        />
        <FormButtons
          onCancel={onCancel}
          submitting={save.submitting}
          ready={forumPostForm.safeParse(form.values).success}
          form={form}
          hint={t('forums.post.completeHint')}
          label={t(post ? 'forums.form.save' : 'forums.post.send')}
        />
      </Stack>
    </form>
  );
}
