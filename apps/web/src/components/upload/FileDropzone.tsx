import { Button, Input, Loader, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useFileTypes } from '../../api/file-types';
import { acceptedText, acceptOf, type UploadedFile } from '../../api/upload';
import { useTranslation } from '../../i18n';
import classes from './FileDropzone.module.css';
import { UploadList } from './UploadList';
import { useUploads } from './use-uploads';

export interface FileDropzoneProps {
  /** The upload type of the field (spec 00 §9): its formats and maximum size come from GET /file-types. */
  fileTypeId: number;
  label: ReactNode;
  description?: ReactNode;
  /** A form error shown under the zone. */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** How many files the field holds at most (news: 2 illustrations, 4 files). */
  maxFiles?: number;
  /** Files the field already holds: they count against `maxFiles`. */
  heldCount?: number;
  /** Each file once stored: the caller keeps its id for the entity it saves. */
  onUploaded: (file: UploadedFile) => void;
}

/**
 * A file field: drop files on it, or click it (a button: Enter or Space) to pick them. Each file is
 * checked against the field's formats and size before anything is sent, then uploaded with its
 * progress and a cancel button; refusals and server errors are shown under the zone.
 * Built on native drag and drop (Mantine's dropzone wants Node 22, see docs/decisions.md).
 */
export function FileDropzone({
  fileTypeId,
  label,
  description,
  error,
  required,
  disabled,
  maxFiles = 1,
  heldCount = 0,
  onUploaded,
}: FileDropzoneProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const fileTypes = useFileTypes();
  const fileType = fileTypes.data?.find((type) => type.fileTypeId === fileTypeId);
  const room = Math.max(0, maxFiles - heldCount);
  const uploads = useUploads({ fileType, maxFiles, room, onUploaded });
  const full = room - uploads.sending <= 0;
  const unusable = disabled || !fileType || full;

  const pick = () => {
    if (!unusable) input.current?.click();
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = unusable ? 'none' : 'copy';
    if (!unusable) setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!unusable) uploads.add([...event.dataTransfer.files]);
  };

  const hintId = `${id}-hint`;
  const describedBy = [hintId, description ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const accepted = fileType ? acceptedText(fileType) : null;

  return (
    <Input.Wrapper id={id} label={label} description={description} error={error} required={required} labelElement="div">
      <button
        type="button"
        aria-labelledby={`${id}-label ${id}-drop`}
        aria-describedby={describedBy}
        aria-disabled={unusable}
        className={classes.zone}
        data-active={dragging || undefined}
        data-invalid={Boolean(error) || undefined}
        onClick={pick}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {fileTypes.isPending ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : (
          <IconCloudUpload size={28} aria-hidden color="var(--mantine-color-ocean-6)" />
        )}
        <Text component="span" id={`${id}-drop`} size="sm" fw={500}>
          {t('upload.drop', { count: maxFiles })}
        </Text>
        <Text component="span" id={hintId} size="xs" c="dimmed">
          {accepted ? `${t('upload.accepted', accepted)} ${t('upload.maxCount', { count: maxFiles })}` : null}
          {full && fileType ? ` ${t('upload.full')}` : null}
        </Text>
      </button>
      {fileTypes.isError ? (
        <Text size="sm" c="red.8" role="alert" mt="xs">
          {t('upload.typesUnavailable')}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => fileTypes.refetch()}>
            {t('common.retry')}
          </Button>
        </Text>
      ) : null}
      <input
        ref={input}
        type="file"
        className={classes.input}
        tabIndex={-1}
        aria-hidden
        multiple={maxFiles > 1}
        accept={fileType ? acceptOf(fileType) : undefined}
        onChange={(event) => {
          uploads.add([...(event.currentTarget.files ?? [])]);
          // The same file picked again after a refusal must fire a change again.
          event.currentTarget.value = '';
        }}
      />
      <UploadList items={uploads.items} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
    </Input.Wrapper>
  );
}
