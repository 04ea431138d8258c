import type { NetworkApplication } from '@reseau/contracts/schemas/network-applications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeXhr, stubObjectUrls } from '../../../test/browser-stubs';
import { type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../../test/utils';

const MiB = 1024 * 1024;
const FILE_TYPES = { fileTypes: [{ fileTypeId: 11, allowedMimeTypes: ['image/png', 'image/jpeg'], maxSize: 2 * MiB }] };
const STORED: NetworkApplication[] = [
  { id: 1, title: 'Catalogue pièces', url: 'https://pieces.reseau-energie.fr/catalogue', illustrationFileId: 31 },
  { id: 2, title: 'Formations', url: 'https://formation.reseau-energie.fr', illustrationFileId: 32 },
];

function applicationsApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/network-applications': () => json(200, { networkApplications: STORED }),
      'GET /api/file-types': () => json(200, FILE_TYPES),
      'GET /api/files/31': () => new Response(new Blob(['x'], { type: 'image/png' })),
      'GET /api/files/32': () => new Response(new Blob(['x'], { type: 'image/png' })),
      'GET /api/files/41': () => new Response(new Blob(['x'], { type: 'image/png' })),
      'POST /api/network-applications': () => json(201, { id: 3 }),
      'PUT /api/network-applications/1': () => new Response(null, { status: 204 }),
      'DELETE /api/network-applications/2': () => new Response(null, { status: 204 }),
      ...overrides,
    }),
  );
}

async function cards() {
  const list = await screen.findByRole('list', { name: 'Applications du réseau' });
  return within(list).getAllByRole('listitem');
}
const dialog = () => screen.findByRole('dialog');

describe('network applications (spec 02 §2 /intranet/applications)', () => {
  it('shows each application as a card whose link opens in a new tab and says so; no management for a reader', async () => {
    signInAs('intranet', { roleId: 6, sub: '60' });
    stubObjectUrls();
    applicationsApi();
    renderRoute('/intranet/applications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeInTheDocument();
    const [first, second] = await cards();
    const link = within(first as HTMLElement).getByRole('link', {
      name: "Catalogue pièces (s'ouvre dans un nouvel onglet)",
    });
    expect(link).toHaveAttribute('href', 'https://pieces.reseau-energie.fr/catalogue');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(first).toHaveTextContent('pieces.reseau-energie.fr');
    expect(second).toHaveTextContent('Formations');
    expect(screen.queryByRole('button', { name: 'Nouvelle application' })).not.toBeInTheDocument();
    expect(within(first as HTMLElement).queryByRole('button', { name: /Modifier/ })).not.toBeInTheDocument();
    expect(within(first as HTMLElement).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
  });

  it('says so when there is no application yet', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    applicationsApi({ 'GET /api/network-applications': () => json(200, { networkApplications: [] }) });
    renderRoute('/intranet/applications');
    expect(await screen.findByText('Aucune application')).toBeInTheDocument();
    expect(screen.getByText('Ajoutez la première avec « Nouvelle application ».')).toBeInTheDocument();
  });

  it('shows a failed load with « Réessayer », which loads again', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    let fail = true;
    const api = applicationsApi({
      'GET /api/network-applications': () =>
        fail ? json(500, { code: 'internal' }) : json(200, { networkApplications: STORED }),
    });
    renderRoute('/intranet/applications');
    const retry = await screen.findByRole('button', { name: 'Réessayer' }, { timeout: 5000 });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await cards()).toHaveLength(2);
    expect(api.callsTo('GET', '/api/network-applications').length).toBeGreaterThanOrEqual(2);
  });

  it('adds an application: the publish button shows once logo, title and address are given', async () => {
    signInAs('intranet', { roleId: 3, sub: '3' });
    stubObjectUrls();
    const Xhr = installFakeXhr();
    const api = applicationsApi();
    renderRoute('/intranet/applications');
    await cards();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Nouvelle application' }));
    const modal = await dialog();
    expect(within(modal).getByText('Nouvelle application')).toBeInTheDocument();
    await user.type(await within(modal).findByRole('textbox', { name: 'Titre' }), 'Extranet fournisseurs');
    await user.type(within(modal).getByRole('textbox', { name: /^Adresse web/ }), 'https://fournisseurs.fr');
    expect(within(modal).queryByRole('button', { name: 'Publier' })).not.toBeInTheDocument();

    const dropzone = await within(modal).findByRole('button', { name: /^Logo/ });
    await waitFor(() => expect(dropzone).toHaveAttribute('aria-disabled', 'false'));
    fireEvent.drop(dropzone, { dataTransfer: { files: [new File(['x'], 'logo.png', { type: 'image/png' })] } });
    expect(Xhr.sent[0]!.body!.get('typeId')).toBe('11');
    act(() => Xhr.sent[0]!.respond(201, { id: 41 }));

    await user.click(await within(modal).findByRole('button', { name: 'Publier' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/network-applications')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/network-applications')[0]?.body).toEqual({
      title: 'Extranet fournisseurs',
      url: 'https://fournisseurs.fr',
      illustrationFileId: 41,
    });
    expect(await screen.findByText("L'application a bien été ajoutée.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo('GET', '/api/network-applications')).toHaveLength(2));
  }, 30_000);

  it('refuses a javascript: address on blur with the French message, and keeps the server refusal under its field', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    stubObjectUrls();
    const api = applicationsApi({
      'PUT /api/network-applications/1': () =>
        json(400, {
          code: 'validation_failed',
          message: 'Certaines informations sont invalides.',
          errors: { illustrationFileId: ['Le logo est introuvable : ajoutez-le de nouveau.'] },
        }),
    });
    renderRoute('/intranet/applications');
    const [first] = await cards();
    const user = userEvent.setup();
    await user.click(within(first as HTMLElement).getByRole('button', { name: "Modifier l'application « Catalogue pièces »" }));
    const modal = await dialog();
    const url = await within(modal).findByRole('textbox', { name: /^Adresse web/ });
    expect(url).toHaveValue('https://pieces.reseau-energie.fr/catalogue');
    await user.clear(url);
    await user.type(url, 'javascript:alert(1)');
    await user.tab();
    expect(
      await within(modal).findByText('Veuillez saisir une adresse web complète commençant par http:// ou https://'),
    ).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Enregistrer' })).toBeDisabled();

    await user.clear(url);
    await user.type(url, 'https://pieces.reseau-energie.fr');
    await user.click(within(modal).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(modal).findByText('Le logo est introuvable : ajoutez-le de nouveau.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/network-applications/1')[0]?.body).toEqual({
      title: 'Catalogue pièces',
      url: 'https://pieces.reseau-energie.fr',
      illustrationFileId: 31,
    });
    expect(url).toHaveValue('https://pieces.reseau-energie.fr');
  }, 30_000);

  it('deletes after a confirmation, and not before', async () => {
    signInAs('intranet', { roleId: 2, sub: '2' });
    const api = applicationsApi();
    renderRoute('/intranet/applications');
    const [, second] = await cards();
    const user = userEvent.setup();
    await user.click(within(second as HTMLElement).getByRole('button', { name: "Supprimer l'application « Formations »" }));
    const confirm = await dialog();
    expect(confirm).toHaveTextContent("L'application « Formations » ne sera plus proposée aux utilisateurs du réseau.");
    expect(api.callsTo('DELETE', '/api/network-applications/2')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/network-applications/2')).toHaveLength(1));
    expect(await screen.findByText("L'application a bien été supprimée.")).toBeInTheDocument();
  });
});
