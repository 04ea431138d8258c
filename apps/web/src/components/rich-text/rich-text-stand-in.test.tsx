import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { neverIdle, stubEditorLayout } from '../../test/browser-stubs';
import { forgetRichTextEditorForTest, loadRichTextEditor, RichTextEditor } from './RichTextEditor';

// The editor takes the focus as it replaces the stand-in, and ProseMirror scrolls to it.
stubEditorLayout();

const renderField = (field: ReactNode) =>
  render(
    <AppProviders env="test">
      <QueryClientProvider client={createQueryClient()}>{field}</QueryClientProvider>
    </AppProviders>,
  );

describe('the rich-text field before its editor is in (RichTextEditor.tsx)', () => {
  neverIdle({ forget: forgetRichTextEditorForTest, load: loadRichTextEditor });

  it('shows the text in the editor frame, named by its label, then the focused editor once pressed', async () => {
    const user = userEvent.setup();
    renderField(<RichTextEditor label="Description" value="<p>Chauffagiste à <strong>Lille</strong></p>" onChange={() => {}} />);
    const standIn = screen.getByRole('group', { name: 'Description' });
    expect(standIn).toHaveTextContent('Chauffagiste à Lille');
    expect(screen.queryByRole('textbox', { name: 'Description' })).not.toBeInTheDocument();
    await user.click(standIn);
    const editor = await screen.findByRole('textbox', { name: 'Description' });
    expect(editor).toHaveTextContent('Chauffagiste à Lille');
    await waitFor(() => expect(editor).toHaveFocus());
    expect(screen.queryByRole('group', { name: 'Description' })).not.toBeInTheDocument();
  });

  it('hands the focus to the editor when the field is reached by keyboard', async () => {
    const user = userEvent.setup();
    renderField(<RichTextEditor label="Contenu" defaultValue="<p>Texte</p>" />);
    await user.tab();
    const editor = await screen.findByRole('textbox', { name: 'Contenu' });
    await waitFor(() => expect(editor).toHaveFocus());
  });

  it('leaves a disabled field alone', async () => {
    const user = userEvent.setup();
    renderField(<RichTextEditor label="Contenu" value="<p>Texte</p>" disabled />);
    await user.click(screen.getByRole('group', { name: 'Contenu' }));
    expect(screen.queryByRole('textbox', { name: 'Contenu' })).not.toBeInTheDocument();
  });
});
