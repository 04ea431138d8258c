import type { Adherent } from '@reseau/contracts/schemas/adherents';
import type { AgencyDetail } from '@reseau/contracts/schemas/agencies';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeXhr, stubObjectUrls } from '../../../test/browser-stubs';
import {
  agency,
  agencyDetail,
  type Handler,
  intranetHandlers,
  json,
  mockApi,
  renderRoute,
  signInAs,
  waitForPath,
} from '../../../test/utils';

const ADHERENT: Adherent = { id: 7, name: "Thermi'Nord", regionId: 1, region: { id: 1, name: 'Nord' }, isActive: true };
const FORM_PATH = "/intranet/agency?adherent=Thermi'Nord&adherent-id=7";
const IMAGES = { allowedMimeTypes: ['image/png', 'image/jpeg'], maxSize: 5 * 1024 * 1024 };

/** Agency 31 as GET /agencies/{id} gives it to a network admin: with its settings, never the key. */
const stored = (overrides: Partial<AgencyDetail> = {}): AgencyDetail => ({
  ...agencyDetail(31, "Thermi'Nord Lille", 'Lille', '59000'),
  adherentId: 7,
  description: 'Chaudières et pompes à chaleur',
  descriptionIntervention: 'Métropole lilloise',
  logoFileId: 81,
  settings: {
    googleMyBusinessId: 'ChIJ-lille',
    googleMyBusinessUrl: 'https://www.google.com/maps/place/?q=place_id:ChIJ-lille',
    externalLink: { label: 'Notre site', url: 'https://thermi-nord.fr' },
    illustrationFileId: null,
    hasPayPlugSecretKey: true,
    isFreeInvoicePaymentEnabled: true,
    jobType: 'CustomerServiceAndInstall',
    salesFigures: 500,
    activities: ['GAZ', 'PAC'],
    employeeAmount: 6,
    enteredNetworkAt: 2004,
  },
  ...overrides,
});

function agencyApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/adherents/7': () => json(200, ADHERENT),
      'GET /api/regions': () => json(200, { regions: [{ id: 1, name: 'Nord' }] }),
      'GET /api/adherent-admins': () => json(200, { adherentAdmins: [] }),
      'GET /api/agencies/31': () => json(200, stored()),
      'GET /api/file-types': () =>
        json(200, {
          fileTypes: [2, 3, 18].map((fileTypeId) => ({ fileTypeId, ...IMAGES })),
        }),
      'GET /api/files/81': () => new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 }),
      ...overrides,
    }),
  );
}

async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}
const field = (name: RegExp) => screen.getByRole('textbox', { name });
/** The whole form is filled field by field: slow under jsdom on a loaded machine. */
const LONG = 45_000;

describe('agency form (spec 01 §2 /intranet/agency, §5 Agency)', () => {
  it(
    'shows the stored agency without its PayPlug key; saving sends the form and returns to the adherent page',
    async () => {
      signInAs('intranet', { roleId: 1, sub: '1' });
      stubObjectUrls();
      const api = agencyApi({ 'PUT /api/agencies/31': () => json(204) });
      const { router } = renderRoute(`${FORM_PATH}&id=31`);
      const name = await screen.findByRole('textbox', { name: /^Nom/ });
      expect(name).toHaveValue("Thermi'Nord Lille");
      expect(screen.getByRole('heading', { level: 1, name: "Thermi'Nord Lille" })).toBeInTheDocument();
      expect(field(/^Zone d'intervention/)).toHaveValue('Métropole lilloise');
      expect(field(/^Adresse de la fiche Google/)).toBeDisabled();
      expect(field(/^Adresse de la fiche Google/)).toHaveValue('https://www.google.com/maps/place/?q=place_id:ChIJ-lille');
      const key = screen.getByLabelText(/^Clé secrète PayPlug/);
      expect(key).toHaveValue('');
      expect(key).toHaveAccessibleDescription('Une clé est enregistrée. Laissez ce champ vide pour la conserver.');
      expect(screen.getByRole('combobox', { name: /^Effectif/ })).toHaveValue('6-10 salariés');
      expect(screen.getByRole('button', { name: 'Retirer « Logo (image enregistrée) »' })).toBeInTheDocument();

      // The listing's url follows the id typed.
      await userEvent.clear(field(/^Identifiant Google My Business/));
      await fill(field(/^Identifiant Google My Business/), 'ChIJ-neuf');
      expect(field(/^Adresse de la fiche Google/)).toHaveValue('https://www.google.com/maps/place/?q=place_id:ChIJ-neuf');
      // A label without its url sends no link.
      await userEvent.clear(field(/^Adresse du lien externe/));
      await userEvent.click(screen.getByRole('button', { name: 'Retirer « Logo (image enregistrée) »' }));
      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

      await waitForPath(router, '/intranet/adherent');
      expect(router.state.location.search).toBe('?id=7');
      const body = api.callsTo('PUT', '/api/agencies/31')[0]?.body as Record<string, unknown>;
      expect(body).toEqual({
        name: "Thermi'Nord Lille",
        description: 'Chaudières et pompes à chaleur',
        descriptionIntervention: 'Métropole lilloise',
        googleMyBusinessId: 'ChIJ-neuf',
        externalLink: null,
        illustrationFileId: null,
        logoFileId: null,
        extranetAdvertisementFileId: null,
        isFreeInvoicePaymentEnabled: true,
        jobType: 'CustomerServiceAndInstall',
        salesFigures: 500,
        activities: ['GAZ', 'PAC'],
        employeeAmount: 6,
        enteredNetworkAt: 2004,
        isActive: true,
      });
      expect(body).not.toHaveProperty('payPlugSecretKey');
      expect(await screen.findByText("L'agence a été mise à jour.")).toBeInTheDocument();
    },
    LONG,
  );

  it(
    'creates an agency with an uploaded logo, buckets and year, for the adherent of the address',
    async () => {
      signInAs('intranet', { roleId: 2, sub: '2' });
      stubObjectUrls();
      const Xhr = installFakeXhr();
      const api = agencyApi({
        'POST /api/agencies': () => json(201, { id: 44 }),
        'GET /api/files/90': () => new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 }),
      });
      const { router } = renderRoute(FORM_PATH);
      expect(await screen.findByRole('heading', { level: 1, name: 'Nouvelle agence' })).toBeInTheDocument();
      expect(screen.getByLabelText(/^Clé secrète PayPlug/)).toHaveAccessibleDescription('Aucune clé enregistrée.');
      expect(screen.queryByRole('checkbox', { name: 'Retirer la clé enregistrée' })).not.toBeInTheDocument();
      await fill(field(/^Nom/), 'Thermi’Nord Lens');
      await fill(field(/^Description/), 'Entretien et dépannage');
      await fill(field(/^Zone d'intervention/), 'Lens, Liévin');
      await fill(field(/^Identifiant Google My Business/), 'ChIJ-lens');
      await fill(field(/^Libellé du lien externe/), 'Site');
      await fill(field(/^Adresse du lien externe/), 'https://lens.fr');
      await fill(screen.getByLabelText(/^Clé secrète PayPlug/), 'sk_live_lens');
      await userEvent.click(screen.getByRole('combobox', { name: /^Effectif/ }));
      await userEvent.click(await screen.findByRole('option', { name: '11-25 salariés' }));
      await userEvent.click(screen.getByRole('combobox', { name: /^Chiffre d'affaires/ }));
      await userEvent.click(await screen.findByRole('option', { name: '1M-2M €' }));
      await fill(field(/^Année d'entrée/), '2019');

      const logoZone = screen.getByRole('button', { name: /^Logo/ });
      await waitFor(() => expect(logoZone).toHaveAttribute('aria-disabled', 'false'));
      fireEvent.drop(logoZone, { dataTransfer: { files: [new File(['x'], 'logo.png', { type: 'image/png' })] } });
      expect(Xhr.sent[0]?.body?.get('typeId')).toBe('2');
      act(() => Xhr.sent[0]!.respond(201, { id: 90 }));
      expect(await screen.findByRole('button', { name: 'Retirer « logo.png »' })).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
      await waitForPath(router, '/intranet/adherent');
      expect(api.callsTo('POST', '/api/agencies')[0]?.body).toEqual({
        adherentId: 7,
        name: 'Thermi’Nord Lens',
        description: 'Entretien et dépannage',
        descriptionIntervention: 'Lens, Liévin',
        googleMyBusinessId: 'ChIJ-lens',
        externalLink: { label: 'Site', url: 'https://lens.fr' },
        illustrationFileId: null,
        logoFileId: 90,
        extranetAdvertisementFileId: null,
        payPlugSecretKey: 'sk_live_lens',
        isFreeInvoicePaymentEnabled: false,
        jobType: null,
        salesFigures: 1000,
        activities: [],
        employeeAmount: 11,
        enteredNetworkAt: 2019,
        isActive: true,
      });
    },
    LONG,
  );

  it('flags the required fields and a year that is not a number, and blocks the save', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = agencyApi();
    renderRoute(FORM_PATH);
    const name = await screen.findByRole('textbox', { name: /^Nom/ });
    await userEvent.type(name, ' ');
    await userEvent.tab();
    expect(await screen.findByText('Veuillez remplir ce champ')).toBeInTheDocument();
    await fill(field(/^Année d'entrée/), 'deux mille');
    await userEvent.tab();
    expect(await screen.findByText('Veuillez saisir un nombre')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    await fill(field(/^Adresse du lien externe/), 'pas une adresse');
    await userEvent.tab();
    expect(await screen.findByText('Veuillez saisir une adresse web valide')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/agencies')).toHaveLength(0);
  });

  it("puts the server's per-field refusals under the fields and stays on the form", async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    stubObjectUrls();
    agencyApi({
      'PUT /api/agencies/31': () =>
        json(400, {
          code: 'validation_failed',
          message: 'Certains champs sont invalides',
          errors: { 'externalLink.url': ['Veuillez saisir une adresse web valide'], googleMyBusinessId: ['Déjà utilisé'] },
        }),
    });
    const { router } = renderRoute(`${FORM_PATH}&id=31`);
    await userEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Déjà utilisé')).toBeInTheDocument();
    expect(field(/^Adresse du lien externe/)).toHaveAccessibleDescription('Veuillez saisir une adresse web valide');
    expect(router.state.location.pathname).toBe('/intranet/agency');
  });

  it('goes back to the adherent page when the agency cannot be loaded', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    agencyApi({ 'GET /api/agencies/31': () => json(404, { code: 'not_found', message: "L'agence demandée n'existe pas" }) });
    const { router } = renderRoute(`${FORM_PATH}&id=31`);
    await waitForPath(router, '/intranet/adherent');
    expect(router.state.location.search).toBe('?id=7');
  });

  it('is refused to an adherent-level director (no adherents_administration)', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = agencyApi();
    renderRoute(`${FORM_PATH}&id=31`);
    expect(await screen.findByText("Vous n'avez pas les accès requis...")).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/agencies/31')).toHaveLength(0);
  });
});

describe('adherent page agencies (spec 01 §2 /intranet/adherent)', () => {
  it('links each agency to its form and saves the switch with the stored agency and the new state', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = agencyApi({
      'GET /api/agencies': ({ url }) =>
        json(200, {
          agencies:
            url.searchParams.get('adherentId') === '7'
              ? [{ ...agency(31, "Thermi'Nord Lille", 'Lille', '59000'), adherentId: 7 }]
              : [],
        }),
      'PUT /api/agencies/31': () => json(204),
    });
    renderRoute('/intranet/adherent?id=7');
    const table = await screen.findByRole('table', { name: "Agences de l'adhérent" });
    expect(within(table).getByRole('link', { name: "Modifier Thermi'Nord Lille" })).toHaveAttribute(
      'href',
      '/intranet/agency?adherent=Thermi%27Nord&adherent-id=7&id=31',
    );
    const toggle = within(table).getByRole('switch', { name: "Thermi'Nord Lille active" });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(api.callsTo('PUT', '/api/agencies/31')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/agencies/31')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: "Thermi'Nord Lille", googleMyBusinessId: 'ChIJ-lille', logoFileId: 81, isActive: false });
    expect(body).not.toHaveProperty('payPlugSecretKey');
    expect(await screen.findByText("L'agence a été mise à jour.")).toBeInTheDocument();
  });

  it("shows the server's refusal of the switch in the popover", async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    agencyApi({
      'GET /api/agencies': () =>
        json(200, { agencies: [{ ...agency(31, "Thermi'Nord Lille", 'Lille', '59000'), adherentId: 7 }] }),
      'PUT /api/agencies/31': () =>
        json(400, {
          code: 'validation_failed',
          message: 'Certains champs sont invalides',
          errors: { googleMyBusinessId: ['Veuillez remplir ce champ'] },
        }),
    });
    renderRoute('/intranet/adherent?id=7');
    const table = await screen.findByRole('table', { name: "Agences de l'adhérent" });
    await userEvent.click(within(table).getByRole('switch', { name: "Thermi'Nord Lille active" }));
    expect(await screen.findByText('Veuillez remplir ce champ')).toBeInTheDocument();
  });

  it('shows "Aucune donnée" for an adherent without agencies, and the load error with a retry', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    let fail = true;
    agencyApi({
      'GET /api/agencies': ({ url }) =>
        url.searchParams.get('adherentId') !== '7'
          ? json(200, { agencies: [] })
          : fail
            ? json(500, { code: 'internal', message: 'Erreur' })
            : json(200, { agencies: [] }),
    });
    renderRoute('/intranet/adherent?id=7');
    const retry = await screen.findByRole('button', { name: 'Réessayer' });
    // The block says it inline (with its retry) and the popover names the failed load (spec 01 §8).
    expect(screen.getAllByText("Les agences n'ont pas pu être chargées.")).toHaveLength(2);
    fail = false;
    await userEvent.click(retry);
    // Both blocks are empty now: the users' and the agencies'.
    await waitFor(() => expect(screen.getAllByText('Aucune donnée')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
  });
});
