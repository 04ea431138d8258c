import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubObjectUrls } from '../../../test/browser-stubs';
import { agency, type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../../test/utils';

const csvImport = {
  id: 7,
  agencyId: 11,
  source: 'csv',
  itemType: 'contract',
  sentBy: 'Logiciel atelier',
  createdAt: '2026-11-25T14:05:00.000Z',
  counts: { created: 1, updated: 0, unchanged: 2, error: 1 },
};
const apiImport = {
  id: 6,
  agencyId: 11,
  source: 'api',
  itemType: null,
  sentBy: null,
  createdAt: '2026-11-24T08:30:00.000Z',
  counts: { created: 0, updated: 3, unchanged: 0, error: 0 },
};
const report = {
  ...csvImport,
  results: [
    { index: 0, externalRef: 'CTR-001', status: 'created', errors: null },
    {
      index: 1,
      externalRef: 'CTR-002',
      status: 'error',
      errors: { clientEmail: ["Aucun client de l'agence n'a cette adresse email : importez d'abord le client."] },
    },
  ],
};

function importsApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/imports': ({ url }) =>
        url.searchParams.get('agencyId') === '11'
          ? json(200, { imports: [csvImport, apiImport], pageCount: 1 })
          : json(200, { imports: [], pageCount: 0 }),
      'GET /api/imports/7': () => json(200, report),
      ...overrides,
    }),
  );
}

async function menuLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
  await waitFor(() => expect(within(nav).getAllByRole('link').length).toBeGreaterThan(1));
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
}

const card = (date: RegExp) => screen.findByRole('article', { name: date });

afterEach(() => vi.restoreAllMocks());

/** jsdom's Blob has no arrayBuffer(); its FileReader reads it. */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('imports (issue 11, /intranet/imports)', () => {
  it.each([
    [1, true],
    [2, true],
    [4, true],
    [7, true],
    [3, false],
    [5, false],
    [6, false],
    [8, false],
    [9, false],
  ])('role %i sees the menu entry: %s (the rule of the API keys)', async (roleId, shown) => {
    signInAs('intranet', { roleId });
    importsApi();
    renderRoute('/intranet');
    // The permissions arrive with GET /roles: wait for an entry they open for every role.
    await waitFor(async () => expect(await menuLinks()).toContain('Forums'));
    expect((await menuLinks()).includes('Imports')).toBe(shown);
  });

  it('refuses the screen to a user who may not manage the keys, and asks nothing', async () => {
    signInAs('intranet', { roleId: 9 });
    const api = importsApi();
    renderRoute('/intranet/imports');
    expect(await screen.findByText("Vous n'avez pas les accès requis...", { selector: 'p' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/imports')).toHaveLength(0);
  });

  it('lists the agency’s imports: date and time, source and type, sender, a badge per status', async () => {
    signInAs('intranet', { roleId: 4 });
    const api = importsApi();
    renderRoute('/intranet/imports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Imports' })).toBeInTheDocument();
    const csv = await card(/^Import du 25\.11\.2026 à \d\d:05$/);
    expect(within(csv).getByText('Fichier CSV · Contrats')).toBeInTheDocument();
    expect(within(csv).getByText('Envoyé par Logiciel atelier')).toBeInTheDocument();
    const counts = within(within(csv).getByRole('list', { name: 'Résultat par élément' })).getAllByRole('listitem');
    expect(counts.map((c) => c.textContent)).toEqual(['1 créé', '0 mis à jour', '2 inchangés', '1 en erreur']);
    expect(within(csv).getByRole('button', { name: 'Télécharger les erreurs (CSV)' })).toBeInTheDocument();

    const viaApi = await card(/^Import du 24\.11\.2026/);
    expect(within(viaApi).getByText('API · Plusieurs types')).toBeInTheDocument();
    expect(within(viaApi).getByText('Expéditeur supprimé')).toBeInTheDocument();
    expect(within(viaApi).getByText('3 mis à jour')).toBeInTheDocument();
    // Nothing failed: nothing to show or download.
    expect(within(viaApi).queryByRole('button')).not.toBeInTheDocument();

    expect(api.callsTo('GET', '/api/imports')[0]?.url.searchParams.get('agencyId')).toBe('11');
    // One agency: nothing to choose.
    expect(screen.queryByRole('combobox', { name: 'Agence' })).not.toBeInTheDocument();
  });

  it('asks the server for each page of the history, 12 at a time', async () => {
    signInAs('intranet', { roleId: 4 });
    const api = importsApi({
      'GET /api/imports': ({ url }) =>
        json(200, { imports: [url.searchParams.get('pageNumber') === '2' ? apiImport : csvImport], pageCount: 2 }),
    });
    renderRoute('/intranet/imports');
    expect(await card(/^Import du 25\.11\.2026/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/imports').map((c) => c.url.searchParams.get('pageNumber'))).toContain('2'),
    );
    expect(api.callsTo('GET', '/api/imports').every((c) => c.url.searchParams.get('pageSize') === '12')).toBe(true);
    expect(await card(/^Import du 24\.11\.2026/)).toBeInTheDocument();
  });

  it('says where imports come from when the agency has none', async () => {
    signInAs('intranet', { roleId: 4 });
    importsApi({ 'GET /api/imports': () => json(200, { imports: [], pageCount: 0 }) });
    renderRoute('/intranet/imports');
    expect(await screen.findByText('Aucun import pour cette agence')).toBeInTheDocument();
    expect(screen.getByText(/Mon agence → Connexion à votre logiciel/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ouvrir Mon agence' })).toHaveAttribute('href', '/intranet/my-agency');
  });

  it('shows a failed load with « Réessayer », which asks again', async () => {
    signInAs('intranet', { roleId: 4 });
    let calls = 0;
    importsApi({
      'GET /api/imports': () => {
        calls += 1;
        return calls <= 2
          ? json(500, { code: 'internal', message: 'Erreur' })
          : json(200, { imports: [csvImport], pageCount: 1 });
      },
    });
    renderRoute('/intranet/imports');
    await userEvent.click(await screen.findByRole('button', { name: 'Réessayer' }));
    expect(await card(/^Import du 25\.11\.2026/)).toBeInTheDocument();
  });

  it('lets a network administrator choose the agency, kept in the address', async () => {
    signInAs('intranet', { roleId: 1 });
    const api = importsApi({
      'GET /api/agencies': () =>
        json(200, {
          agencies: [agency(11, 'Thermo Services Lille', 'Lille', '59000'), agency(12, 'Chauffage Lyon', 'Lyon', '69003')],
        }),
    });
    const { location } = renderRoute('/intranet/imports');
    await card(/^Import du 25\.11\.2026/);
    const select = screen.getByRole('combobox', { name: 'Agence' });
    expect(select).toHaveValue('Thermo Services Lille');
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Chauffage Lyon' }));
    expect(await screen.findByText('Aucun import pour cette agence')).toBeInTheDocument();
    expect(location().search).toBe('?agencyId=12');
    expect(api.callsTo('GET', '/api/imports').at(-1)?.url.searchParams.get('agencyId')).toBe('12');
  });

  it('opens on the agency the address names', async () => {
    signInAs('intranet', { roleId: 1 });
    const api = importsApi({
      'GET /api/agencies': () =>
        json(200, {
          agencies: [agency(11, 'Thermo Services Lille', 'Lille', '59000'), agency(12, 'Chauffage Lyon', 'Lyon', '69003')],
        }),
    });
    renderRoute('/intranet/imports?agencyId=12');
    expect(await screen.findByText('Aucun import pour cette agence')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Agence' })).toHaveValue('Chauffage Lyon');
    expect(api.callsTo('GET', '/api/imports').map((c) => c.url.searchParams.get('agencyId'))).toEqual(['12']);
  });

  it('falls back to the current agency for an agency id the user may not choose', async () => {
    signInAs('intranet', { roleId: 4 });
    const api = importsApi();
    renderRoute('/intranet/imports?agencyId=99');
    await card(/^Import du 25\.11\.2026/);
    expect(api.callsTo('GET', '/api/imports').map((c) => c.url.searchParams.get('agencyId'))).toEqual(['11']);
  });

  it('downloads the errors as a CSV built from the report: BOM, ; and the file line', async () => {
    signInAs('intranet', { roleId: 4 });
    const api = importsApi();
    const { createObjectURL } = stubObjectUrls('blob:erreurs');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderRoute('/intranet/imports');
    const csv = await card(/^Import du 25\.11\.2026/);
    await userEvent.click(within(csv).getByRole('button', { name: 'Télécharger les erreurs (CSV)' }));

    await waitFor(() => expect(saved).toEqual(['import-7-erreurs.csv']));
    expect(api.callsTo('GET', '/api/imports/7')).toHaveLength(1);
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = await bytesOf(blob);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes).split('\r\n')).toEqual([
      'ligne;reference;champ;message',
      "3;CTR-002;clientEmail;Aucun client de l'agence n'a cette adresse email : importez d'abord le client.",
      '',
    ]);
  });

  it('says so when the report cannot be read for the download', async () => {
    signInAs('intranet', { roleId: 4 });
    importsApi({ 'GET /api/imports/7': () => json(404, { code: 'not_found', message: 'Introuvable' }) });
    stubObjectUrls();
    renderRoute('/intranet/imports');
    const csv = await card(/^Import du 25\.11\.2026/);
    await userEvent.click(within(csv).getByRole('button', { name: 'Télécharger les erreurs (CSV)' }));
    expect(await screen.findByText("Le fichier des erreurs n'a pas pu être préparé")).toBeInTheDocument();
  });

  it('shows the errors of an import in a drawer, by line and field', async () => {
    signInAs('intranet', { roleId: 4 });
    importsApi();
    renderRoute('/intranet/imports');
    const csv = await card(/^Import du 25\.11\.2026/);
    await userEvent.click(within(csv).getByRole('button', { name: 'Voir les erreurs' }));
    const drawer = await screen.findByRole('dialog', { name: /^Erreurs de l'import du 25\.11\.2026/ });
    const list = await within(drawer).findByRole('list', { name: "Erreurs de l'import" });
    // One entry per failed item, its field messages under it.
    expect(list.children).toHaveLength(1);
    expect(list.children[0]).toHaveTextContent(/^Ligne 3 · CTR-002/);
    expect(within(list.children[0] as HTMLElement).getByRole('listitem')).toHaveTextContent(
      "clientEmail : Aucun client de l'agence n'a cette adresse email : importez d'abord le client.",
    );
    expect(within(drawer).getByRole('button', { name: 'Télécharger les erreurs (CSV)' })).toBeInTheDocument();
  });

  it('shows the first 50 failed items and sends to the file for the others', async () => {
    signInAs('intranet', { roleId: 4 });
    const many = Array.from({ length: 52 }, (_, index) => ({
      index,
      externalRef: `CTR-${index}`,
      status: 'error',
      errors: { postalCode: ['Veuillez saisir un code postal de 5 chiffres'] },
    }));
    importsApi({ 'GET /api/imports/7': () => json(200, { ...report, results: many }) });
    renderRoute('/intranet/imports');
    const csv = await card(/^Import du 25\.11\.2026/);
    await userEvent.click(within(csv).getByRole('button', { name: 'Voir les erreurs' }));
    const drawer = await screen.findByRole('dialog', { name: /^Erreurs de l'import/ });
    expect((await within(drawer).findByRole('list', { name: "Erreurs de l'import" })).children).toHaveLength(50);
    expect(within(drawer).getByText('Et 2 autres éléments en erreur : le fichier CSV les contient tous.')).toBeInTheDocument();
  });
});
