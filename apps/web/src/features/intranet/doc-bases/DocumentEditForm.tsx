import { Card, Group, Radio, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import {
  DOCUMENT_BASE_ITEM_ILLUSTRATION_FILE_TYPE,
  DOCUMENT_BASE_ITEM_JOINED_FILE_TYPE,
  DOCUMENT_BASE_ITEM_MAX_ILLUSTRATIONS,
  DOCUMENT_BASE_ITEM_MAX_JOINED_FILES,
  DOCUMENT_BASE_ITEM_SHORT_DESCRIPTION_MAX,
  DOCUMENT_BASE_ITEM_TITLE_MAX,
} from '@reseau/contracts/constants/document-bases';
import { hasRichTextContent } from '@reseau/contracts/constants/rich-text';
import { documentBaseItemForm } from '@reseau/contracts/schemas/document-bases';
import { useState } from 'react';
import {
  type DocumentBaseItem,
  type DocumentBaseItemCategory,
  saveDocumentBaseItem,
  useDocumentBaseItemTypes,
} from '../../../api/document-bases';
import { Select } from '../../../components/overlays';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { SubmitWhenReady } from '../../../components/SubmitWhenReady';
import { HeldFilesField } from '../../../components/upload/HeldFilesField';
import { useTranslation } from '../../../i18n';
import { VALIDATE_WHEN_CHANGED } from '../../../lib/form-validation';
import { notifySuccess } from '../../../lib/notify';
import { useFormAction } from '../../../lib/use-form-action';

const validate = schemaResolver(documentBaseItemForm, { sync: true });

interface DocumentValues {
  title: string;
  shortDescription: string;
  content: string;
  categoryId: string;
  typeId: string;
  isPublic: string;
  illustrationFiles: { fileId: number }[];
  joinedFiles: { fileId: number }[];
}

const valuesOf = (item: DocumentBaseItem | undefined): DocumentValues => ({
  title: item?.title ?? '',
  shortDescription: item?.shortDescription ?? '',
  content: item?.content ?? '',
  categoryId: item ? String(item.categoryId) : '',
  typeId: item?.typeId ? String(item.typeId) : '',
  isPublic: item ? String(item.isPublic) : '',
  illustrationFiles: item?.illustrationFiles.map(({ fileId }) => ({ fileId })) ?? [],
  joinedFiles: item?.joinedFiles.map(({ fileId }) => ({ fileId })) ?? [],
});

/** The stored files' names, so that their remove buttons say which file they remove. */
const namesOf = (item: DocumentBaseItem | undefined) =>
  new Map([...(item?.illustrationFiles ?? []), ...(item?.joinedFiles ?? [])].map((f) => [f.fileId, f.fileName]));

/**
 * The document form (spec 02 §2, §5): title, short description, text, category, its type when it
 * has types, receivers, up to 2 illustrations and 4 files. Saving is offered once title, text,
 * category, type (if any) and receivers are set.
 */
export function DocumentEditForm({
  baseId,
  item,
  categories,
  onSaved,
}: {
  baseId: number;
  item?: DocumentBaseItem;
  categories: DocumentBaseItemCategory[];
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<DocumentValues>({
    mode: 'controlled',
    initialValues: valuesOf(item),
    ...VALIDATE_WHEN_CHANGED,
    validate,
  });
  const categoryId = form.values.categoryId ? Number(form.values.categoryId) : null;
  const types = useDocumentBaseItemTypes(categoryId);
  const hasTypes = (types.data?.length ?? 0) > 0;
  const complete =
    form.values.title.trim() !== '' &&
    form.values.shortDescription.trim() !== '' &&
    hasRichTextContent(form.values.content) &&
    categoryId !== null &&
    types.data !== undefined &&
    (!hasTypes || form.values.typeId !== '') &&
    form.values.isPublic !== '';

  const save = useDocumentSubmit({ baseId, item, hasTypes, form, onSaved });

  return (
    <Card shadow="xs" component="form" noValidate onSubmit={form.onSubmit(save.submit)} aria-label={t('documentBases.formLabel')}>
      <Stack gap="lg">
        <TextInput
          label={t('documentBases.fields.title')}
          required
          maxLength={DOCUMENT_BASE_ITEM_TITLE_MAX}
          {...form.getInputProps('title')}
        />
        <Textarea
          label={t('documentBases.fields.shortDescription')}
          required
          autosize
          minRows={2}
          maxLength={DOCUMENT_BASE_ITEM_SHORT_DESCRIPTION_MAX}
          {...form.getInputProps('shortDescription')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Select
            label={t('documentBases.category')}
            required
            data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
            allowDeselect={false}
            {...form.getInputProps('categoryId')}
            onChange={(value) => {
              form.setFieldValue('categoryId', value ?? '');
              form.setFieldValue('typeId', '');
            }}
          />
          {hasTypes ? (
            <Select
              label={t('documentBases.type')}
              required
              data={(types.data ?? []).map((ty) => ({ value: String(ty.id), label: ty.name }))}
              allowDeselect={false}
              {...form.getInputProps('typeId')}
            />
          ) : null}
        </SimpleGrid>
        <Radio.Group label={t('documentBases.fields.receivers')} required {...form.getInputProps('isPublic')}>
          <Group gap="lg" mt={8}>
            <Radio value="false" label={t('documentBases.onlyAdherents')} />
            <Radio value="true" label={t('documentBases.everyone')} />
          </Group>
        </Radio.Group>
        <RichTextEditor label={t('documentBases.fields.content')} required minHeight={240} {...form.getInputProps('content')} />
        <DocumentFilesFields item={item} form={form} />
        <Group justify="flex-end">
          <SubmitWhenReady ready={complete} form={form} submitting={save.submitting} hint={t('documentBases.completeHint')}>
            {item ? t('documentBases.save') : t('documentBases.publish')}
          </SubmitWhenReady>
        </Group>
      </Stack>
    </Card>
  );
}

/** Saves the document: the type only when the category has types. */
function useDocumentSubmit({
  baseId,
  item,
  hasTypes,
  form,
  onSaved,
}: {
  baseId: number;
  item: DocumentBaseItem | undefined;
  hasTypes: boolean;
  form: UseFormReturnType<DocumentValues>;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation();
  return useFormAction({
    action: (values: DocumentValues) =>
      saveDocumentBaseItem(item?.id ?? null, {
        documentBaseId: baseId,
        title: values.title.trim(),
        shortDescription: values.shortDescription.trim(),
        content: values.content,
        categoryId: Number(values.categoryId),
        typeId: hasTypes && values.typeId ? Number(values.typeId) : null,
        isPublic: values.isPublic === 'true',
        illustrationFiles: values.illustrationFiles,
        joinedFiles: values.joinedFiles,
      }),
    form,
    fallback: t('documentBases.saveFailed'),
    onSuccess: (id) => {
      notifySuccess(t('documentBases.saved'));
      onSaved(id);
    },
  });
}

/** Up to 2 illustrations and 4 files, each remove button naming its file. */
function DocumentFilesFields({ item, form }: { item: DocumentBaseItem | undefined; form: UseFormReturnType<DocumentValues> }) {
  const { t } = useTranslation();
  const [names, setNames] = useState<ReadonlyMap<number, string>>(() => namesOf(item));
  const named = (fileId: number, fileName: string) => setNames((current) => new Map(current).set(fileId, fileName));
  const fileName = (kind: 'illustration' | 'file') => (number: number) => t(`documentBases.held.${kind}`, { number });
  return (
    <>
      <HeldFilesField
        preview="image"
        fileTypeId={DOCUMENT_BASE_ITEM_ILLUSTRATION_FILE_TYPE}
        maxFiles={DOCUMENT_BASE_ITEM_MAX_ILLUSTRATIONS}
        label={t('documentBases.fields.illustrations')}
        description={t('documentBases.fields.illustrationsHint', { count: DOCUMENT_BASE_ITEM_MAX_ILLUSTRATIONS })}
        nameOf={fileName('illustration')}
        names={names}
        onNamed={named}
        value={form.values.illustrationFiles}
        onChange={(files) => form.setFieldValue('illustrationFiles', files)}
        error={form.errors.illustrationFiles}
      />
      <HeldFilesField
        preview="file"
        fileTypeId={DOCUMENT_BASE_ITEM_JOINED_FILE_TYPE}
        maxFiles={DOCUMENT_BASE_ITEM_MAX_JOINED_FILES}
        label={t('documentBases.fields.files')}
        description={t('documentBases.fields.filesHint', { count: DOCUMENT_BASE_ITEM_MAX_JOINED_FILES })}
        nameOf={fileName('file')}
        names={names}
        onNamed={named}
        value={form.values.joinedFiles}
        onChange={(files) => form.setFieldValue('joinedFiles', files)}
        error={form.errors.joinedFiles}
      />
    </>
  );
}
