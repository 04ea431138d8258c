import { Input } from '@mantine/core';
import { type CSSProperties, useId, useState } from 'react';
import { deferredCode } from '../../lib/deferred-code';
import type { RichTextEditorProps } from './editor-props';
import classes from './RichTextStandIn.module.css';
import { RichTextView } from './RichTextView';

export type { RichTextEditorProps } from './editor-props';

// Tiptap and its ProseMirror weigh about 120 KB gzip: never with the login route or an area's
// shell, and not with a screen's first paint either. Fetched when the browser is idle once the
// screen is up, or at once when the user goes for the field (decisions.md).
const editorCode = deferredCode(() => import('./RichTextEditorField'));

/** Fetches the editor's code now (the tests load it before they start). */
export const loadRichTextEditor = editorCode.load;
/** Back to "not fetched yet", for the stand-in's own test. */
export const forgetRichTextEditorForTest = editorCode.forgetForTest;

/**
 * A rich-text field of a Mantine form (`{...form.getInputProps('content')}`): bold, italic,
 * underline, h2–h4, lists, quotes, links and, with `imageFileTypeId`, images uploaded to our file
 * store. What it writes is what the API's sanitizer keeps (apps/api/src/lib/rich-text.ts).
 *
 * Until the editor's code is in, the field shows its text as it will look, in the editor's frame;
 * focusing or pressing it fetches the code at once and puts the editor, focused, in its place.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const [asked, setAsked] = useState(false);
  const code = editorCode.useCode(asked);
  if (code) {
    const Field = code.default;
    return <Field {...props} autoFocus={props.autoFocus || asked} />;
  }
  return <RichTextStandIn props={props} onAsk={() => setAsked(true)} />;
}

/**
 * The field's text in the editor's frame, read-only. A group named by the field's label, not a
 * text box: a test or an assistive tool that looks for the text box waits for the real one.
 */
function RichTextStandIn({ props, onAsk }: { props: RichTextEditorProps; onAsk: () => void }) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const { label, description, error, required, disabled, minHeight } = props;
  return (
    <Input.Wrapper id={id} label={label} description={description} error={error} required={required} labelElement="div">
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would draw its own frame and legend; this is the editor's frame, named by the field's label */}
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        tabIndex={disabled ? -1 : 0}
        className={classes.root}
        data-invalid={error ? true : undefined}
        style={{ '--rich-text-min-height': `${minHeight ?? 180}px` } as CSSProperties}
        onFocus={disabled ? undefined : onAsk}
        onPointerDown={disabled ? undefined : onAsk}
      >
        <div className={classes.toolbar} />
        <div className={classes.content}>
          <RichTextView html={props.value ?? props.defaultValue ?? ''} />
        </div>
      </div>
    </Input.Wrapper>
  );
}
