import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  agencyDetail,
  type Handler,
  intranetHandlers,
  json,
  mockApi,
  renderRoute,
  signInAs,
  waitForPath,
} from '../../../test/utils';

const MiB = 1024 * 1024;
const IMAGES = ['image/png', 'image/jpeg'];

const stored = () => ({
  ...agencyDetail(11, 'Thermo Services Lille', 'Lille', '59000'),
  description: 'Installateur depuis 1987',
  descriptionIntervention: 'Lille et la métropole',
  pageTitle: 'Votre chauffagiste à Lille',
  pageDescription: '<p>Qui nous sommes</p>',
  pageIllustrationFileId: 301,
  pageLogosFiles: [{ fileId: 302 }, { fileId: 303 }],
  publicAdvertisementFileId: 304,
  settings: {
    googleMyBusinessId: 'ChIJ-lille',
    googleMyBusinessUrl: null,
    externalLink: { label: 'Notre site', url: 'https://thermo.fr' },
    illustrationFileId: null,
    hasPayPlugSecretKey: true,
    isFreeInvoicePaymentEnabled: false,
    jobType: 'CustomerServiceAndInstall',
    salesFigures: 500,
    activities: ['GAZ'],
    employeeAmount: 6,
    enteredNetworkAt: 2004,
  },
});

const content = (id: number, title: string, agencyId: number | null, isActive = true) => ({
  id,
  title,
  videoUrl: null,
  content: '<p>Texte du contenu</p>',
  illustrationFileId: null,
  agencyId,
  isActive,
});

function pageApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/agencies/11': () => json(200, stored()),
      'PUT /api/agencies/11': () => new Response(null, { status: 204 }),
      'GET /api/file-types': () =>
        json(200, {
          fileTypes: [4, 5, 6, 17].map((fileTypeId) => ({ fileTypeId, allowedMimeTypes: IMAGES, maxSize: 5 * MiB })),
        }),
      'GET /api/agency-page-contents': ({ url }) =>
        json(200, {
          agencyPageContents:
            url.searchParams.get('agencyId') === '11'
              ? [content(5, 'Entretien annuel', 11), content(6, 'Nous recrutons', 11, false)]
              : [content(8, 'Un réseau indépendant', null)],
        }),
      ...overrides,
    }),
  );
}

const section = (name: string) => screen.findByLabelText(name, { selector: 'section' });
const user = () => userEvent.setup({ delay: null });

describe('agency page (spec 01 §2 /intranet/agency-page)', () => {
  it('shows the stored page of the current agency and its contents', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    pageApi();
    renderRoute('/intranet/agency-page');
    const presentation = await section('Présentation');
    expect(within(presentation).getByLabelText('Sous-titre de la page')).toHaveValue('Votre chauffagiste à Lille');
    const pictures = await section('Images');
    expect(within(pictures).getByText('800×600 recommandé.')).toBeInTheDocument();
    expect(within(pictures).getByRole('button', { name: 'Retirer « Logo 2 »' })).toBeInTheDocument();
    const contents = await section('Contenus de la page');
    expect(await within(contents).findByText('Entretien annuel')).toBeInTheDocument();
    expect(within(contents).getByRole('switch', { name: '« Nous recrutons » actif' })).not.toBeChecked();
    expect(within(contents).getByRole('link', { name: 'Ajouter un contenu' })).toHaveAttribute(
      'href',
      '/intranet/agency-page-content',
    );
  });

  it('saves the whole agency form (not its state) with the page fields: subtitle changed, a logo removed', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = pageApi();
    renderRoute('/intranet/agency-page');
    const presentation = await section('Présentation');
    const u = user();
    const subtitle = within(presentation).getByLabelText('Sous-titre de la page');
    await u.clear(subtitle);
    await u.click(subtitle);
    await u.paste('Chauffage et climatisation à Lille');
    await u.click(within(await section('Images')).getByRole('button', { name: 'Retirer « Logo 1 »' }));
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/agencies/11')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/agencies/11')[0]!.body as Record<string, unknown>;
    expect(body).toEqual({
      name: 'Thermo Services Lille',
      description: 'Installateur depuis 1987',
      descriptionIntervention: 'Lille et la métropole',
      googleMyBusinessId: 'ChIJ-lille',
      externalLink: { label: 'Notre site', url: 'https://thermo.fr' },
      illustrationFileId: null,
      logoFileId: null,
      extranetAdvertisementFileId: null,
      isFreeInvoicePaymentEnabled: false,
      jobType: 'CustomerServiceAndInstall',
      salesFigures: 500,
      activities: ['GAZ'],
      employeeAmount: 6,
      enteredNetworkAt: 2004,
      pageTitle: 'Chauffage et climatisation à Lille',
      pageDescription: '<p>Qui nous sommes</p>',
      pageIllustrationFileId: 301,
      pageLogosFiles: [{ fileId: 303 }],
      publicAdvertisementFileId: 304,
    });
    expect('payPlugSecretKey' in body).toBe(false);
    expect(await screen.findByText("La page de l'agence a bien été enregistrée.")).toBeInTheDocument();
  });

  it("puts the server's refusal of the description under its field", async () => {
    signInAs('intranet', { roleId: 7, sub: '70' });
    pageApi({
      'PUT /api/agencies/11': () =>
        json(400, {
          code: 'validation_failed',
          message: 'Certaines informations sont invalides.',
          errors: { pageDescription: ['Veuillez remplir ce champ'] },
        }),
    });
    renderRoute('/intranet/agency-page');
    await section('Présentation');
    await user().click(screen.getByRole('button', { name: 'Enregistrer' }));
    const presentation = await section('Présentation');
    expect(await within(presentation).findByText('Veuillez remplir ce champ')).toBeInTheDocument();
  });

  it('toggles a content at once and deletes one after confirmation', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = pageApi({
      'PUT /api/agency-page-contents/6': () => new Response(null, { status: 204 }),
      'DELETE /api/agency-page-contents/5': () => new Response(null, { status: 204 }),
    });
    renderRoute('/intranet/agency-page');
    const contents = await section('Contenus de la page');
    const u = user();
    await u.click(await within(contents).findByRole('switch', { name: '« Nous recrutons » actif' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/agency-page-contents/6')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/agency-page-contents/6')[0]!.body).toMatchObject({
      title: 'Nous recrutons',
      agencyId: 11,
      isActive: true,
    });

    await u.click(within(contents).getByRole('button', { name: 'Supprimer « Entretien annuel »' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/« Entretien annuel » sera retiré de la page/)).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/agency-page-contents/5')).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/agency-page-contents/5')).toHaveLength(1));
    expect(await screen.findByText('Le contenu a bien été supprimé.')).toBeInTheDocument();
  });

  it('shows "Aucune donnée" without contents and the load error with a retry', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    let fail = true;
    pageApi({
      'GET /api/agency-page-contents': () =>
        fail ? json(500, { code: 'internal', message: 'Erreur' }) : json(200, { agencyPageContents: [] }),
    });
    renderRoute('/intranet/agency-page');
    const contents = await section('Contenus de la page');
    const retry = await within(contents).findByRole('button', { name: 'Réessayer' }, { timeout: 4000 });
    fail = false;
    await user().click(retry);
    expect(await within(contents).findByText('Aucune donnée')).toBeInTheDocument();
  });
});

describe('page contents (spec 01 §2, §5)', () => {
  it('edits an agency content and returns to the agency page', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = pageApi({
      'GET /api/agency-page-contents/5': () => json(200, content(5, 'Entretien annuel', 11)),
      'PUT /api/agency-page-contents/5': () => new Response(null, { status: 204 }),
    });
    const { router } = renderRoute('/intranet/agency-page-content?id=5');
    const form = await screen.findByRole('form', { name: 'Contenu' });
    const title = within(form).getByLabelText(/^Titre du contenu/);
    await waitFor(() => expect(title).toHaveValue('Entretien annuel'));
    const u = user();
    await u.clear(title);
    await u.tab();
    expect(await within(form).findByText('Veuillez remplir ce champ')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    await u.click(title);
    await u.paste('Entretien de chaudière');
    await u.click(within(form).getByLabelText(/Adresse de la vidéo/));
    await u.paste('https://video.example/chaudiere');
    await u.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/agency-page-contents/5')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/agency-page-contents/5')[0]!.body).toEqual({
      title: 'Entretien de chaudière',
      videoUrl: 'https://video.example/chaudiere',
      content: '<p>Texte du contenu</p>',
      illustrationFileId: null,
      agencyId: 11,
      isActive: true,
    });
    await waitForPath(router, '/intranet/agency-page');
  });

  it('creates a content for the current agency and flags the empty title on blur', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    pageApi();
    renderRoute('/intranet/agency-page-content');
    const form = await screen.findByRole('form', { name: 'Contenu' });
    expect(screen.getByRole('heading', { name: 'Nouveau contenu' })).toBeInTheDocument();
    const title = within(form).getByLabelText(/^Titre du contenu/);
    await user().click(title);
    await user().tab();
    // Passing through says nothing; a blank title typed in is judged when left.
    expect(within(form).queryByText('Veuillez remplir ce champ')).not.toBeInTheDocument();
    await user().type(title, ' ');
    await user().tab();
    expect(await within(form).findByText('Veuillez remplir ce champ')).toBeInTheDocument();
  });

  it('a content that fails to load goes back to the agency page', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    pageApi({ 'GET /api/agency-page-contents/99': () => json(404, { code: 'not_found', message: 'Introuvable' }) });
    const { router } = renderRoute('/intranet/agency-page-content?id=99');
    await waitForPath(router, '/intranet/agency-page');
  });

  it("lists the network contents under their menu entry's name and edits one under that breadcrumb, back to the list", async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = pageApi({
      'GET /api/agency-page-contents/8': () => json(200, content(8, 'Un réseau indépendant', null)),
      'PUT /api/agency-page-contents/8': () => new Response(null, { status: 204 }),
    });
    const { router } = renderRoute('/intranet/network-agency-page-contents');
    // Titled as its menu entry (issue 25).
    expect(await screen.findByRole('heading', { level: 1, name: 'Contenus des pages agence' })).toBeInTheDocument();
    const edit = await screen.findByRole('link', { name: 'Modifier « Un réseau indépendant »' });
    expect(api.callsTo('GET', '/api/agency-page-contents')[0]!.url.searchParams.has('agencyId')).toBe(false);
    await user().click(edit);
    await waitForPath(router, '/intranet/network-agency-page-content');
    // The breadcrumb (the menu has a link of the same name).
    const crumb = await within(screen.getByRole('main')).findByRole('link', { name: 'Contenus des pages agence' });
    expect(crumb).toHaveAttribute('href', '/intranet/network-agency-page-contents');
    const form = await screen.findByRole('form', { name: 'Contenu' });
    await waitFor(() => expect(within(form).getByLabelText(/^Titre du contenu/)).toHaveValue('Un réseau indépendant'));
    await user().click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/agency-page-contents/8')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/agency-page-contents/8')[0]!.body).toMatchObject({ agencyId: null });
    await waitForPath(router, '/intranet/network-agency-page-contents');
  });
});
