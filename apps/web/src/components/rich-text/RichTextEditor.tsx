import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n';
import type { RichTextEditorProps } from './editor-props';

export type { RichTextEditorProps } from './editor-props';

// Tiptap and its ProseMirror weigh ~100 KB gzip: never with the login route or an area's shell.
// Asked for as soon as a screen holding an editor is loaded (or fetched ahead from the menu), not
// once it renders: the editor's code then comes with the screen's instead of one wave after it.
const fieldCode = import('./RichTextEditorField');
const RichTextEditorField = lazy(() => fieldCode);

/**
 * A rich-text field of a Mantine form (`{...form.getInputProps('content')}`): bold, italic,
 * underline, h2–h4, lists, quotes, links and, with `imageFileTypeId`, images uploaded to our file
 * store. What it writes is what the API's sanitizer keeps (apps/api/src/lib/rich-text.ts).
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation();
  const fallback = (
    <Input.Wrapper label={props.label} description={props.description} error={props.error} required={props.required}>
      <Skeleton height={(props.minHeight ?? 180) + 44} radius="sm" aria-label={t('richText.loading')} />
    </Input.Wrapper>
  );
  return (
    <Suspense fallback={fallback}>
      <RichTextEditorField {...props} />
    </Suspense>
  );
}
