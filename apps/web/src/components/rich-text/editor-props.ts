import type { ReactNode } from 'react';

/** The rich-text field's props: the lazy shell's (RichTextEditor.tsx) and the editor's (RichTextEditorField.tsx). */
export interface RichTextEditorProps {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** The HTML; '' when the editor is empty (so that a required field's rule sees it empty). */
  value?: string;
  defaultValue?: string;
  onChange?: (html: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  /** The upload type of the text's images (spec 00 §9); without it the field takes no image. */
  imageFileTypeId?: number;
  /** Height of the writing area, in pixels. */
  minHeight?: number;
  id?: string;
  /** Focus the writing area once built (the stand-in it replaces had the focus: RichTextEditor.tsx). */
  autoFocus?: boolean;
}
