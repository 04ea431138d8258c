import { Card, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { FORUM_TITLE_MAX } from '@reseau/contracts/constants/forums';
import { forumThreadForm } from '@reseau/contracts/schemas/forums';
import { createForumThread, type ForumTheme, type ForumThread, updateForumThread } from '../../../api/forums';
import { Select } from '../../../components/overlays';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { useTranslation } from '../../../i18n';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useFormAction } from '../../../lib/use-form-action';
import { FormButtons } from './FormButtons';
import { ForumFilesField, type JoinedFileValue } from './ForumFilesField';
import { joinedFilesOf } from './forum-values';

const validate = schemaResolver(forumThreadForm, { sync: true });

interface ThreadValues {
  title: string;
  forumThemeId: string;
  content: string;
  joinedFiles: JoinedFileValue[];
}

/**
 * The thread form (spec 02 §2, §5): title, theme, message and up to 2 named attachments. Without
 * `thread` it opens a new one in `forumId` (signed with the current agency); with it, it edits the
 * thread and keeps its open or closed state.
 */
export function ThreadForm({
  forumId,
  themes,
  thread,
  onSaved,
  onCancel,
}: {
  forumId: number;
  themes: ForumTheme[];
  thread?: ForumThread;
  onSaved: (id: number) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { currentAgency } = useSession();
  const form = useForm<ThreadValues>({
    mode: 'controlled',
    initialValues: {
      title: thread?.title ?? '',
      forumThemeId: thread ? String(thread.forumThemeId) : '',
      content: thread?.content ?? '',
      joinedFiles: thread?.joinedFiles ?? [],
    },
    ...VALIDATE_WHEN_CHANGED,
    validate,
  });

  const save = useFormAction({
    action: async (values: ThreadValues) => {
      const fields = {
        title: values.title.trim(),
        forumThemeId: Number(values.forumThemeId),
        content: values.content,
        joinedFiles: joinedFilesOf(values.joinedFiles),
      };
      if (!thread) return createForumThread({ ...fields, forumId, agencyId: currentAgency?.id ?? null });
      await updateForumThread(thread.id, { ...fields, isClosed: thread.isClosed });
      return thread.id;
    },
    form,
    fallback: t(thread ? 'forums.errors.updateThread' : 'forums.errors.createThread'),
    onSuccess: (id) => {
      notifySuccess(t(thread ? 'forums.thread.updated' : 'forums.thread.created'));
      onSaved(id);
    },
  });

  return (
    <Card
      shadow="xs"
      component="form"
      noValidate
      onSubmit={form.onSubmit(save.submit)}
      aria-label={t(thread ? 'forums.form.editLabel' : 'forums.form.createLabel')}
    >
      <Stack gap="lg">
        <TextInput label={t('forums.form.title')} required maxLength={FORUM_TITLE_MAX} {...form.getInputProps('title')} />
        <Select
          label={t('forums.form.theme')}
          required
          data={themes.map((theme) => ({ value: String(theme.id), label: theme.name }))}
          allowDeselect={false}
          {...form.getInputProps('forumThemeId')}
        />
        <RichTextEditor label={t('forums.form.message')} required minHeight={220} {...form.getInputProps('content')} />
        <ForumFilesField
          value={form.values.joinedFiles}
          onChange={(files) => form.setFieldValue('joinedFiles', files)}
          errors={form.errors}
        />
        <FormButtons
          onCancel={onCancel}
          submitting={save.submitting}
          ready={forumThreadForm.safeParse(form.values).success}
          form={form}
          hint={t('forums.form.completeHint')}
          label={t(thread ? 'forums.form.save' : 'forums.form.publish')}
        />
      </Stack>
    </Card>
  );
}
