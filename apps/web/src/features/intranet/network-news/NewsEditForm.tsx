import { Button, Card, Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  NETWORK_ACTUALITY_ILLUSTRATION_FILE_TYPE,
  NETWORK_ACTUALITY_JOINED_FILE_TYPE,
  NETWORK_ACTUALITY_MAX_ILLUSTRATIONS,
  NETWORK_ACTUALITY_MAX_JOINED_FILES,
  NETWORK_ACTUALITY_TITLE_MAX,
} from '@reseau/contracts/constants/network-actualities';
import { networkActualityForm } from '@reseau/contracts/schemas/network-actualities';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type NetworkActuality, type NetworkActualityCategory, saveNetworkActuality } from '../../../api/network-actualities';
import { Select } from '../../../components/overlays';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { SubmitButton } from '../../../components/SubmitButton';
import { useTranslation } from '../../../i18n';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { notifySuccess } from '../../../lib/notify';
import { useFormAction } from '../../../lib/use-form-action';
import { NewsFilesField } from './NewsFilesField';
import { categoryLabel } from './news-text';

const validate = schemaResolver(networkActualityForm, { sync: true });

interface NewsValues {
  title: string;
  content: string;
  categoryId: string;
  isPublic: string;
  illustrationFiles: { fileId: number }[];
  joinedFiles: { fileId: number }[];
}

const valuesOf = (item: NetworkActuality | undefined): NewsValues => ({
  title: item?.title ?? '',
  content: item?.content ?? '',
  categoryId: item ? String(item.categoryId) : '',
  isPublic: item ? String(item.isPublic) : '',
  illustrationFiles: item?.illustrationFiles ?? [],
  joinedFiles: (item?.joinedFiles ?? []).map(({ fileId }) => ({ fileId })),
});

/** The stored attached files' names (shown on their lines), by file id. */
const storedNames = (item: NetworkActuality | undefined): ReadonlyMap<number, string> =>
  new Map((item?.joinedFiles ?? []).filter((f) => f.fileName).map((f) => [f.fileId, f.fileName]));

/**
 * The news form (spec 01 §2, §5): title, category, receivers, text, up to 2 illustrations and 4
 * files. `item` is the stored news when editing; `onSaved` gets the item's id.
 */
export function NewsEditForm({
  item,
  categories,
  onSaved,
  onDelete,
}: {
  item?: NetworkActuality;
  categories: NetworkActualityCategory[];
  onSaved: (id: number) => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  const [names, setNames] = useState<ReadonlyMap<number, string>>(() => storedNames(item));
  const named = (fileId: number, fileName: string) => setNames((current) => new Map(current).set(fileId, fileName));
  const form = useForm<NewsValues>({ mode: 'controlled', initialValues: valuesOf(item), ...VALIDATE_WHEN_CHANGED, validate });

  const save = useFormAction({
    action: (values: NewsValues) =>
      saveNetworkActuality(item?.id ?? null, {
        title: values.title.trim(),
        content: values.content,
        categoryId: Number(values.categoryId),
        isPublic: values.isPublic === '1' ? 1 : 0,
        illustrationFiles: values.illustrationFiles,
        joinedFiles: values.joinedFiles,
      }),
    form,
    fallback: t('newsEdit.saveFailed'),
    onSuccess: (id) => {
      notifySuccess(t('newsEdit.saved'));
      onSaved(id);
    },
  });

  return (
    <Card shadow="xs" component="form" noValidate onSubmit={form.onSubmit(save.submit)} aria-label={t('newsEdit.formLabel')}>
      <Stack gap="lg">
        <TextInput
          label={t('newsEdit.title')}
          required
          maxLength={NETWORK_ACTUALITY_TITLE_MAX}
          {...form.getInputProps('title')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Select
            label={t('newsEdit.category')}
            required
            data={categories.map((category) => ({ value: String(category.id), label: categoryLabel(category) }))}
            allowDeselect={false}
            {...form.getInputProps('categoryId')}
          />
          <Radio.Group label={t('newsEdit.receivers')} required {...form.getInputProps('isPublic')}>
            <Group gap="lg" mt={8}>
              <Radio value="0" label={t('newsEdit.onlyAdherents')} />
              <Radio value="1" label={t('newsEdit.everyone')} />
            </Group>
          </Radio.Group>
        </SimpleGrid>
        <RichTextEditor label={t('newsEdit.content')} required minHeight={260} {...form.getInputProps('content')} />
        <NewsFilesField
          preview="image"
          fileTypeId={NETWORK_ACTUALITY_ILLUSTRATION_FILE_TYPE}
          maxFiles={NETWORK_ACTUALITY_MAX_ILLUSTRATIONS}
          label={t('newsEdit.illustrations')}
          description={t('newsEdit.illustrationsHint', { count: NETWORK_ACTUALITY_MAX_ILLUSTRATIONS })}
          names={names}
          onNamed={named}
          value={form.values.illustrationFiles}
          onChange={(files) => form.setFieldValue('illustrationFiles', files)}
          error={form.errors.illustrationFiles}
        />
        <NewsFilesField
          preview="file"
          fileTypeId={NETWORK_ACTUALITY_JOINED_FILE_TYPE}
          maxFiles={NETWORK_ACTUALITY_MAX_JOINED_FILES}
          label={t('newsEdit.joinedFiles')}
          description={t('newsEdit.joinedFilesHint', { count: NETWORK_ACTUALITY_MAX_JOINED_FILES })}
          names={names}
          onNamed={named}
          value={form.values.joinedFiles}
          onChange={(files) => form.setFieldValue('joinedFiles', files)}
          error={form.errors.joinedFiles}
        />
        <Group justify="space-between" gap="sm">
          {onDelete ? (
            <Button variant="light" color="red" leftSection={<IconTrash size={18} aria-hidden="true" />} onClick={onDelete}>
              {t('newsEdit.delete')}
            </Button>
          ) : (
            <span />
          )}
          <SubmitButton form={form} submitting={save.submitting}>
            {item ? t('newsEdit.save') : t('newsEdit.publish')}
          </SubmitButton>
        </Group>
      </Stack>
    </Card>
  );
}
