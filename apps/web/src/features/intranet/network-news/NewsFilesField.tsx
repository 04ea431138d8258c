import type { ReactNode } from 'react';
import { type HeldFile, HeldFilesField } from '../../../components/upload/HeldFilesField';
import { useTranslation } from '../../../i18n';

export type { HeldFile };

interface NewsFilesFieldProps {
  fileTypeId: number;
  label: string;
  description: string;
  maxFiles: number;
  value: HeldFile[];
  onChange: (files: HeldFile[]) => void;
  error?: ReactNode;
  /** Names of the files, by id (stored attached files and uploads); a file without one is named by its position. */
  names: ReadonlyMap<number, string>;
  onNamed: (fileId: number, fileName: string) => void;
  /** Illustrations show a thumbnail, attached files a paperclip line. */
  preview: 'image' | 'file';
}

/** The news item's illustrations or attached files (HeldFilesField), stored ones named by position. */
export function NewsFilesField({ preview, ...props }: NewsFilesFieldProps) {
  const { t } = useTranslation();
  return (
    <HeldFilesField
      {...props}
      preview={preview}
      nameOf={(number) => t(preview === 'image' ? 'newsEdit.heldIllustration' : 'newsList.joinedFile', { number })}
    />
  );
}
