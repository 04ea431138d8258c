import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor as Editor } from '@mantine/tiptap';
import { RICH_TEXT_IMAGE_PATH } from '@reseau/contracts/constants/rich-text';
import { useEditor } from '@tiptap/react';
import { type CSSProperties, useEffect, useId, useMemo, useRef } from 'react';
import { useFileTypes } from '../../api/file-types';
import { acceptOf, refusalOf, uploadFailureText, uploadFile } from '../../api/upload';
import { useTranslation } from '../../i18n';
import { notifyError } from '../../lib/notify';
import type { RichTextEditorProps } from './editor-props';
import { type ImageUploads, richTextExtensions } from './extensions';
import { editorLabels } from './labels';
import classes from './RichTextEditor.module.css';

/** An image's alt text until its author writes a better one: its file name, without the extension. */
const altOf = (fileName: string) => fileName.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ');

/** The Tiptap editor itself (loaded lazily by RichTextEditor.tsx). */
export default function RichTextEditorField(props: RichTextEditorProps) {
  const { label, description, error, required, disabled, value, defaultValue, imageFileTypeId, minHeight } = props;
  const { t } = useTranslation();
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const fileTypes = useFileTypes({ enabled: imageFileTypeId !== undefined });
  const imageType = fileTypes.data?.find((type) => type.fileTypeId === imageFileTypeId);

  // The editor is built once: callbacks and the file type reach it through this ref.
  const latest = useRef({ props, imageType, t });
  latest.current = { props, imageType, t };
  const lastEmitted = useRef(value ?? defaultValue ?? '');

  const extensions = useMemo(() => {
    if (imageFileTypeId === undefined) return richTextExtensions(null);
    const uploads: ImageUploads = {
      async upload(file) {
        const type = latest.current.imageType;
        if (!type) throw new Error(latest.current.t('upload.typesUnavailable'));
        const refusal = refusalOf(file, type);
        if (refusal) throw new Error(refusal);
        const { id: fileId } = await uploadFile(file, type.fileTypeId);
        return { src: `${RICH_TEXT_IMAGE_PATH}${fileId}`, alt: altOf(file.name) };
      },
      onError(file, failure) {
        const reason = failure instanceof Error && failure.name === 'Error' ? failure.message : uploadFailureText(failure);
        notifyError(latest.current.t('richText.imageFailed', { name: file.name, reason }));
      },
    };
    return richTextExtensions(uploads);
  }, [imageFileTypeId]);

  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const attributes = {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': `${id}-label`,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(error ? { 'aria-invalid': 'true' } : {}),
    ...(required ? { 'aria-required': 'true' } : {}),
  };

  const editor = useEditor(
    {
      extensions,
      content: lastEmitted.current,
      editable: !disabled,
      immediatelyRender: true,
      autofocus: props.autoFocus ? 'end' : false,
      shouldRerenderOnTransaction: false,
      editorProps: { attributes },
      onUpdate: ({ editor: current }) => {
        // The empty paragraph kept after a last heading or image (to type after it) is not content.
        const html = current.isEmpty ? '' : current.getHTML().replace(/(<p><\/p>)+$/, '');
        lastEmitted.current = html;
        latest.current.props.onChange?.(html);
      },
      onFocus: () => latest.current.props.onFocus?.(),
      onBlur: () => latest.current.props.onBlur?.(),
    },
    [extensions],
  );

  // Label, description and error may change after the editor is built.
  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string> } });
  }, [editor, attributesKey]);
  useEffect(() => {
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);
  // A value set from outside (the form loaded the entity, or was reset) replaces the text.
  useEffect(() => {
    if (!editor || value === undefined || value === lastEmitted.current) return;
    lastEmitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      required={required}
      labelElement="div"
      labelProps={{ onClick: () => editor?.commands.focus() }}
    >
      <Editor
        editor={editor}
        labels={editorLabels(t)}
        className={classes.root}
        mod={{ invalid: Boolean(error) }}
        style={{ '--rich-text-min-height': `${minHeight ?? 180}px` } as CSSProperties}
      >
        <Editor.Toolbar role="toolbar" aria-label={t('richText.toolbar')}>
          <Editor.ControlsGroup>
            <Editor.Bold />
            <Editor.Italic />
            <Editor.Underline />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.H2 />
            <Editor.H3 />
            <Editor.H4 />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.BulletList />
            <Editor.OrderedList />
            <Editor.Blockquote />
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.Link classNames={{ linkEditorExternalControl: classes.hidden }} />
            <Editor.Unlink />
            {imageFileTypeId !== undefined ? (
              <Editor.ImageUpload accept={imageType ? acceptOf(imageType) : 'image/*'} disabled={!imageType} />
            ) : null}
          </Editor.ControlsGroup>
          <Editor.ControlsGroup>
            <Editor.Undo />
            <Editor.Redo />
          </Editor.ControlsGroup>
        </Editor.Toolbar>
        <Editor.Content className={classes.content} />
      </Editor>
    </Input.Wrapper>
  );
}
