import { Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { requiredRichTextField } from '@reseau/contracts/schemas/rich-text';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { installFakeXhr, stubEditorLayout, stubObjectUrls } from '../../test/browser-stubs';
import { json, mockApi, signInAs } from '../../test/utils';
import { RichTextEditor } from './RichTextEditor';

const MiB = 1024 * 1024;
const IMAGE_TYPE = { fileTypeId: 9, allowedMimeTypes: ['image/png', 'image/jpeg'], maxSize: 5 * MiB };

/** A form with one rich-text field, as an area's form screen uses it; its value is shown for the test to read. */
function NewsForm({ initial, withImages }: { initial: string; withImages?: boolean }) {
  const form = useForm({
    initialValues: { content: initial },
    validate: { content: (value) => requiredRichTextField().safeParse(value).error?.issues[0]?.message ?? null },
  });
  return (
    <form onSubmit={form.onSubmit(() => {})}>
      <RichTextEditor
        label="Contenu"
        description="Le texte de l'actualité"
        imageFileTypeId={withImages ? 9 : undefined}
        {...form.getInputProps('content')}
      />
      <output data-testid="value">{form.values.content}</output>
      <Button onClick={() => form.setValues({ content: '<p>Texte chargé</p>' })}>Charger</Button>
      <Button type="submit">Enregistrer</Button>
    </form>
  );
}

function renderForm(initial = '<p>Bonjour</p>', withImages = false) {
  render(
    <AppProviders env="test">
      <QueryClientProvider client={createQueryClient()}>
        <NewsForm initial={initial} withImages={withImages} />
      </QueryClientProvider>
    </AppProviders>,
  );
}

const value = () => screen.getByTestId('value').textContent;

/**
 * Types into the editor a key at a time, letting ProseMirror read each change from the DOM
 * (its mutation observer runs between keys in a browser too) before the next key.
 */
async function typeInto(box: HTMLElement, text: string) {
  const before = box.textContent ?? '';
  for (const [index, key] of [...text].entries()) {
    await userEvent.keyboard(key === ' ' ? '[Space]' : key);
    await waitFor(() => expect(box.textContent).toBe(before + text.slice(0, index + 1)));
  }
}
const editorBox = () => screen.findByRole('textbox', { name: 'Contenu' });

stubEditorLayout();

beforeEach(() => {
  signInAs('intranet', { roleId: 3 });
  mockApi({ 'GET /api/file-types': () => json(200, { fileTypes: [IMAGE_TYPE] }) });
});

describe('RichTextEditor', () => {
  it('is a labelled, described text box with a French toolbar', async () => {
    renderForm();
    const box = await editorBox();
    expect(box).toHaveAttribute('aria-multiline', 'true');
    expect(box).toHaveAccessibleDescription("Le texte de l'actualité");
    expect(box).toHaveTextContent('Bonjour');
    const toolbar = screen.getByRole('toolbar', { name: 'Mise en forme du texte' });
    for (const name of [
      'Gras',
      'Italique',
      'Souligné',
      'Titre',
      'Sous-titre',
      'Intertitre',
      'Liste à puces',
      'Liste numérotée',
      'Citation',
      'Ajouter ou modifier un lien',
      'Retirer le lien',
      'Annuler',
      'Rétablir',
    ]) {
      expect(toolbar).toContainElement(screen.getByRole('button', { name }));
    }
    // No image button on a field that takes no image.
    expect(screen.queryByRole('button', { name: 'Insérer une image' })).not.toBeInTheDocument();
  });

  it('gives the form what is typed, and bold once its button is pressed', async () => {
    renderForm('');
    const box = await editorBox();
    await userEvent.click(box);
    await typeInto(box, 'Réunion ');
    await waitFor(() => expect(value()).toBe('<p>Réunion </p>'));
    const bold = screen.getByRole('button', { name: 'Gras' });
    expect(bold).not.toHaveAttribute('aria-pressed');
    await userEvent.click(bold);
    await typeInto(box, 'lundi');
    await waitFor(() => expect(value()).toBe('<p>Réunion <strong>lundi</strong></p>'));
    expect(bold).toHaveAttribute('aria-pressed', 'true');
  });

  it('takes the usual keyboard shortcuts, and its toolbar works from the keyboard', async () => {
    renderForm('');
    const box = await editorBox();
    await userEvent.click(box);
    await userEvent.keyboard('{Control>}i{/Control}');
    await typeInto(box, 'note');
    await waitFor(() => expect(value()).toBe('<p><em>note</em></p>'));
    // Tab to the "Titre" button and press it: the paragraph becomes an h2.
    screen.getByRole('button', { name: 'Titre' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(value()).toBe('<h2><em>note</em></h2>'));
  });

  it('is emptied to "" and then refused by a required rule, with the error tied to the box', async () => {
    renderForm('<p>x</p>');
    const box = await editorBox();
    await userEvent.click(box);
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
    await waitFor(() => expect(value()).toBe(''));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(box).toHaveAttribute('aria-invalid', 'true'));
    expect(box).toHaveAccessibleDescription(/Veuillez remplir ce champ/);
  });

  it('shows a value the form sets later (an entity loaded, a reset)', async () => {
    renderForm('');
    const box = await editorBox();
    await userEvent.click(screen.getByRole('button', { name: 'Charger' }));
    await waitFor(() => expect(box).toHaveTextContent('Texte chargé'));
  });

  it('uploads a picked image to the file store and writes its store path', async () => {
    const Xhr = installFakeXhr();
    stubObjectUrls();
    const api = mockApi({
      'GET /api/file-types': () => json(200, { fileTypes: [IMAGE_TYPE] }),
      'GET /api/files/5': () => new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 }),
    });
    renderForm('<p>Photo :</p>', true);
    await editorBox();
    const button = screen.getByRole('button', { name: 'Insérer une image' });
    await waitFor(() => expect(button).toBeEnabled());
    const input = button.parentElement!.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['png'], 'chaudiere-neuve.png', { type: 'image/png' })] } });
    await waitFor(() => expect(Xhr.sent).toHaveLength(1));
    expect(Xhr.sent[0]!.body!.get('typeId')).toBe('9');
    act(() => Xhr.sent[0]!.respond(201, { id: 5 }));
    await waitFor(() => expect(value()).toContain('<img src="/api/files/5" alt="chaudiere neuve">'));
    // Shown through the API client (the token travels in a header), not by a bare <img src>.
    await waitFor(() => expect(api.callsTo('GET', '/api/files/5')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/files/5')[0]!.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('refuses an image too large before sending it, and says why', async () => {
    const Xhr = installFakeXhr();
    stubObjectUrls();
    renderForm('<p>Photo :</p>', true);
    await editorBox();
    const button = screen.getByRole('button', { name: 'Insérer une image' });
    await waitFor(() => expect(button).toBeEnabled());
    const big = new File(['png'], 'enorme.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 6 * MiB });
    fireEvent.change(button.parentElement!.querySelector('input[type="file"]')!, { target: { files: [big] } });
    expect(
      await screen.findByText(
        "L'image « enorme.png » n'a pas été ajoutée : Le fichier est trop volumineux : la taille maximale est de 5 Mo.",
      ),
    ).toBeInTheDocument();
    expect(Xhr.sent).toHaveLength(0);
  });
});
