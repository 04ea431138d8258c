import { FILE_MESSAGES } from '@reseau/contracts/constants/files';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { installFakeXhr } from '../../test/browser-stubs';
import { json, mockApi, signInAs } from '../../test/utils';
import { FileDropzone, type FileDropzoneProps } from './FileDropzone';

const MiB = 1024 * 1024;
/** "Illustration d'actualité" (9): images up to 5 Mo. */
const IMAGES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const RENEWED_TOKEN = 'token-renewed';
const fileTypes = { fileTypes: [{ fileTypeId: 9, allowedMimeTypes: IMAGES, maxSize: 5 * MiB }] };

function file(name: string, type: string, size = 1000): File {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

function renderDropzone(props: Partial<FileDropzoneProps> = {}) {
  const api = mockApi({
    'GET /api/file-types': () => json(200, fileTypes),
    'POST /api/auth/refresh': () => json(200, { accessToken: RENEWED_TOKEN, refreshToken: 'refresh-2' }),
  });
  const onUploaded = vi.fn();
  render(
    <AppProviders env="test">
      <QueryClientProvider client={createQueryClient()}>
        <FileDropzone fileTypeId={9} label="Illustrations" onUploaded={onUploaded} {...props} />
      </QueryClientProvider>
    </AppProviders>,
  );
  return { api, onUploaded };
}

const zone = () => screen.getByRole('button', { name: /Illustrations/ });
const hiddenInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
/** Picks files as the file dialog would (the browser's own `accept` filter is not what is tested). */
const pick = (...files: File[]) => fireEvent.change(hiddenInput(), { target: { files } });

describe('FileDropzone', () => {
  it('is a labelled button that says what it takes, and opens the picker with Enter or Space', async () => {
    signInAs('intranet', { roleId: 1 });
    renderDropzone({ maxFiles: 2 });
    await waitFor(() =>
      expect(zone()).toHaveAccessibleDescription(/Formats acceptés : PNG, JPG, WEBP, GIF\. Taille maximale : 5 Mo\./),
    );
    expect(zone()).toHaveAccessibleName('Illustrations Glissez-déposez vos fichiers ici, ou cliquez pour les choisir');
    expect(zone()).toHaveAccessibleDescription(/2 fichiers au maximum/);
    expect(hiddenInput()).toHaveAttribute('accept', expect.stringContaining('image/png'));
    const click = vi.spyOn(hiddenInput(), 'click');
    zone().focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('refuses a wrong type and a file too large before sending anything', async () => {
    signInAs('intranet', { roleId: 1 });
    const Xhr = installFakeXhr();
    const { api, onUploaded } = renderDropzone({ maxFiles: 4 });
    await waitFor(() => expect(zone()).toHaveAttribute('aria-disabled', 'false'));
    pick(file('contrat.pdf', 'application/pdf'), file('photo.png', 'image/png', 6 * MiB));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent(
      "contrat.pdfCe type de fichier n'est pas accepté. Formats acceptés : PNG, JPG, WEBP, GIF.",
    );
    expect(alerts[1]).toHaveTextContent('photo.pngLe fichier est trop volumineux : la taille maximale est de 5 Mo.');
    expect(Xhr.sent).toHaveLength(0);
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/file-types']);
    expect(onUploaded).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Retirer le message concernant contrat.pdf' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('sends a dropped file with the token, shows its progress, then hands over its id', async () => {
    const token = signInAs('intranet', { roleId: 1 });
    const Xhr = installFakeXhr();
    const { onUploaded } = renderDropzone();
    await waitFor(() => expect(zone()).toHaveAttribute('aria-disabled', 'false'));
    fireEvent.drop(zone(), { dataTransfer: { files: [file('chaudiere.png', 'image/png', 2 * MiB)] } });
    expect(Xhr.sent).toHaveLength(1);
    const xhr = Xhr.sent[0]!;
    expect([xhr.method, xhr.url, xhr.timeout]).toEqual(['POST', '/api/files', 60_000]);
    expect(xhr.headers.authorization).toBe(`Bearer ${token}`);
    expect([...xhr.body!.keys()]).toEqual(['typeId', 'file']);
    expect(xhr.body!.get('typeId')).toBe('9');
    act(() => xhr.progress(1 * MiB, 2 * MiB));
    expect(screen.getByRole('progressbar', { name: 'Envoi de chaudiere.png' })).toHaveAttribute('aria-valuenow', '50');
    act(() => xhr.respond(201, { id: 42 }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith({ id: 42, fileName: 'chaudiere.png' }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    signInAs('intranet', { roleId: 1 });
    const Xhr = installFakeXhr();
    const { onUploaded } = renderDropzone();
    await waitFor(() => expect(zone()).toHaveAttribute('aria-disabled', 'false'));
    pick(file('faux.png', 'image/png'));
    act(() =>
      Xhr.sent[0]!.respond(400, {
        code: 'file_type_not_allowed',
        message: "Ce type de fichier n'est pas accepté. Formats acceptés : PNG, JPG, WEBP, GIF.",
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent("faux.pngCe type de fichier n'est pas accepté.");
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it("shows the server's message when the account's daily upload quota is used up (429)", async () => {
    signInAs('intranet', { roleId: 4 });
    const Xhr = installFakeXhr();
    const { onUploaded } = renderDropzone();
    await waitFor(() => expect(zone()).toHaveAttribute('aria-disabled', 'false'));
    pick(file('photo.png', 'image/png'));
    act(() => Xhr.sent[0]!.respond(429, { code: 'upload_quota_exceeded', message: FILE_MESSAGES.uploadQuotaExceeded }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`photo.png${FILE_MESSAGES.uploadQuotaExceeded}`);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('says so when the upload takes more than a minute', async () => {
    signInAs('intranet', { roleId: 1 });
    const Xhr = installFakeXhr();
    renderDropzone();
    await waitFor(() => expect(zone()).toHaveAttribute('aria-disabled', 'false'));
    pick(file('lent.png', 'image/png'));
    act(() => Xhr.sent[0]!.timeOut());
    expect(await screen.findByRole('alert')).toHaveTextContent("L'envoi a duré plus d'une minute et a été interrompu.");
  });

  it('cancels an upload: the request is aborted and nothing is handed over', async () => {
    signInAs('intranet', { roleId: 1 });
    const Xhr = installFakeXhr();
    const { onUploaded } = renderDropzone();
    await waitFor(() => expect(zone()).toHaveAttribute('aria-disabled', 'false'));
    pick(file('photo.png', 'image/png'));
    await userEvent.click(screen.getByRole('button', { name: "Annuler l'envoi de photo.png" }));
    expect(Xhr.sent[0]!.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('takes no more files than the field has room for', async () => {
    signInAs('intranet', { roleId: 1 });
    const Xhr = installFakeXhr();
    renderDropzone({ maxFiles: 2, heldCount: 1 });
    await waitFor(() => expect(zone()).toHaveAttribute('aria-disabled', 'false'));
    pick(file('un.png', 'image/png'), file('deux.png', 'image/png'));
    expect(Xhr.sent).toHaveLength(1);
    expect(await screen.findByRole('alert')).toHaveTextContent('deux.pngVous pouvez joindre au plus 2 fichiers.');
    // The one being sent fills the field: the zone no longer opens.
    expect(zone()).toHaveAttribute('aria-disabled', 'true');
    expect(zone()).toHaveAccessibleDescription(/Le nombre maximal de fichiers est atteint/);
  });

  it('refreshes the session once on a 401 and sends the file again', async () => {
    signInAs('intranet', { roleId: 1 });
    const Xhr = installFakeXhr();
    const { api, onUploaded } = renderDropzone();
    await waitFor(() => expect(zone()).toHaveAttribute('aria-disabled', 'false'));
    pick(file('photo.png', 'image/png'));
    act(() => Xhr.sent[0]!.respond(401, { code: 'unauthenticated', message: 'Veuillez vous connecter.' }));
    await waitFor(() => expect(Xhr.sent).toHaveLength(2));
    expect(api.callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(Xhr.sent[1]!.headers.authorization).toBe(`Bearer ${RENEWED_TOKEN}`);
    act(() => Xhr.sent[1]!.respond(201, { id: 7 }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith({ id: 7, fileName: 'photo.png' }));
    expect(within(document.body).queryByRole('alert')).not.toBeInTheDocument();
  });
});
