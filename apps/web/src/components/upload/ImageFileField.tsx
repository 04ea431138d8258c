import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { HeldFilesField } from './HeldFilesField';

export interface ImageFileFieldProps {
  /** The upload type of the field (spec 00 §9); its formats and size come from GET /file-types. */
  fileTypeId: number;
  label: string;
  description?: ReactNode;
  /** The held file's id, or null. */
  value: number | null;
  onChange: (fileId: number | null) => void;
  error?: ReactNode;
}

/**
 * One image of an entity held as a single id (an agency's logo, illustration, advertisement):
 * `HeldFilesField` with one file, whose new upload replaces the held id and whose remove button
 * clears it (spec 01 §4).
 */
export function ImageFileField({ fileTypeId, label, description, value, onChange, error }: ImageFileFieldProps) {
  const { t } = useTranslation();
  return (
    <HeldFilesField
      fileTypeId={fileTypeId}
      label={label}
      description={description}
      error={error}
      maxFiles={1}
      value={value === null ? [] : [{ fileId: value }]}
      onChange={(files) => onChange(files[0]?.fileId ?? null)}
      nameOf={() => t('imageField.held', { label })}
    />
  );
}
