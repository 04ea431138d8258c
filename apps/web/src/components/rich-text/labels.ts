import type { RichTextEditorLabels } from '@mantine/tiptap';
import type { TFunction } from '../../i18n';

/** The French names of the toolbar's controls and of the link editor (Mantine's `labels`). */
export function editorLabels(t: TFunction): Partial<RichTextEditorLabels> {
  return {
    boldControlLabel: t('richText.bold'),
    italicControlLabel: t('richText.italic'),
    underlineControlLabel: t('richText.underline'),
    h2ControlLabel: t('richText.h2'),
    h3ControlLabel: t('richText.h3'),
    h4ControlLabel: t('richText.h4'),
    bulletListControlLabel: t('richText.bulletList'),
    orderedListControlLabel: t('richText.orderedList'),
    blockquoteControlLabel: t('richText.blockquote'),
    linkControlLabel: t('richText.link'),
    unlinkControlLabel: t('richText.unlink'),
    imageUploadControlLabel: t('richText.image'),
    undoControlLabel: t('richText.undo'),
    redoControlLabel: t('richText.redo'),
    linkEditorInputLabel: t('richText.linkInput'),
    linkEditorInputPlaceholder: t('richText.linkPlaceholder'),
    linkEditorSave: t('richText.linkSave'),
    linkEditorExternalLink: t('richText.linkExternal'),
    linkEditorInternalLink: t('richText.linkInternal'),
  };
}
