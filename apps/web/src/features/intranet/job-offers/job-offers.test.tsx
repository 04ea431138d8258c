import type { JobOffer } from '@reseau/contracts/schemas/job-offers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs, waitForPath } from '../../../test/utils';
import { todayIso } from './job-offers-links';

const TYPES = [
  { code: 'CDI', name: 'CDI' },
  { code: 'ALTERNANCE', name: 'Alternance' },
];
const DOMAINS = [
  { code: 'MAINTENANCE', name: 'Maintenance' },
  { code: 'INSTALLATION', name: 'Installation' },
];

function offer(id: number, overrides: Partial<JobOffer> = {}): JobOffer {
  return {
    id,
    title: `Offre ${id}`,
    description: '<p>Entretien de chaudières gaz.</p>',
    jobOfferTypeCode: 'CDI',
    jobOfferDomainCode: 'MAINTENANCE',
    geographicSector: 'Lille et métropole',
    isTemplate: false,
    isActive: false,
    publicationDate: null,
    expirationDate: null,
    agencyId: 11,
    agencyName: 'Thermo Services Lille',
    regionId: 1,
    contacts: [{ emailAddress: 'rh@exemple.fr' }],
    ...overrides,
  };
}

const TEMPLATE = offer(50, {
  title: 'Frigoriste pompes à chaleur (H/F)',
  isTemplate: true,
  agencyId: null,
  agencyName: null,
  jobOfferDomainCode: 'INSTALLATION',
  description: '<p>Installation de pompes à chaleur.</p>',
  geographicSector: '',
  contacts: [],
});

function offersApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/job-offer-types': () => json(200, { jobOfferTypes: TYPES }),
      'GET /api/job-offer-domains': () => json(200, { jobOfferDomains: DOMAINS }),
      'GET /api/job-offers': ({ url }) =>
        url.searchParams.get('isTemplate') === 'true'
          ? json(200, { jobOffers: [TEMPLATE] })
          : json(200, {
              jobOffers: [
                offer(1, { title: 'Technicien de maintenance', isActive: true, publicationDate: '2026-03-09' }),
                offer(2, { title: 'Apprenti installateur', jobOfferTypeCode: 'ALTERNANCE' }),
                ...(url.searchParams.get('isNetwork') === 'true' ? [TEMPLATE] : []),
              ],
            }),
      'PUT /api/job-offers/2': () => new Response(null, { status: 204 }),
      'DELETE /api/job-offers/1': () => new Response(null, { status: 204 }),
      'POST /api/job-offers': () => json(201, { id: 9 }),
      ...overrides,
    }),
  );
}

const table = () => screen.findByRole('table', { name: "Offres d'emploi" });
const rowOf = async (title: string) => (await screen.findByRole('link', { name: title })).closest('tr') as HTMLElement;

describe('job offers list (spec 02 §2 /intranet/job-offers)', () => {
  it('shows the network’s offers to a network role: type, template badge, date, a switch that publishes today', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = offersApi();
    renderRoute('/intranet/job-offers');
    await table();
    expect(api.callsTo('GET', '/api/job-offers')[0]?.url.searchParams.get('isNetwork')).toBe('true');
    const active = await rowOf('Technicien de maintenance');
    expect(within(active).getByText('CDI')).toBeInTheDocument();
    expect(within(active).getByText('09.03.2026')).toBeInTheDocument();
    expect(within(active).getByRole('switch', { name: 'Offre « Technicien de maintenance » active' })).toBeChecked();
    const template = await rowOf('Frigoriste pompes à chaleur (H/F)');
    expect(within(template).getByText('Modèle')).toBeInTheDocument();
    expect(within(template).getByRole('switch')).toBeDisabled();

    const draft = await rowOf('Apprenti installateur');
    expect(within(draft).getByText('Non publiée')).toBeInTheDocument();
    expect(within(draft).getByText('Alternance')).toBeInTheDocument();
    await userEvent.setup().click(within(draft).getByRole('switch', { name: 'Offre « Apprenti installateur » active' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/job-offers/2')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/job-offers/2')[0]?.body).toMatchObject({
      title: 'Apprenti installateur',
      jobOfferTypeCode: 'ALTERNANCE',
      agencyId: 11,
      isActive: true,
      publicationDate: todayIso(),
      contacts: [{ emailAddress: 'rh@exemple.fr' }],
    });
    expect(await screen.findByText("L'offre est active : ses destinataires la reçoivent par email.")).toBeInTheDocument();
  });

  it('lists the current agency’s offers for a director and deletes one after confirmation', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = offersApi();
    renderRoute('/intranet/job-offers');
    await table();
    await waitFor(() => expect(api.callsTo('GET', '/api/job-offers')[0]?.url.searchParams.get('agencyId')).toBe('11'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Supprimer l'offre « Technicien de maintenance »" }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent("L'offre « Technicien de maintenance » sera définitivement supprimée.");
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("L'offre d'emploi a bien été supprimée.")).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/job-offers/1')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Nouvelle offre' })).toHaveAttribute('href', '/intranet/job-offer');
  });

  it('keeps the dialog open on the same offer when the delete fails, so that it can be tried again', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    let fail = true;
    const api = offersApi({
      'DELETE /api/job-offers/1': () =>
        fail ? json(500, { code: 'internal_error', message: 'Erreur' }) : new Response(null, { status: 204 }),
    });
    renderRoute('/intranet/job-offers');
    await table();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Supprimer l'offre « Technicien de maintenance »" }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("Erreur lors de la suppression de l'offre d'emploi")).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent("L'offre « Technicien de maintenance » sera définitivement supprimée.");
    fail = false;
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("L'offre d'emploi a bien été supprimée.")).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/job-offers/1')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when there is no offer, and shows a failed load with « Réessayer »', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    let fail = true;
    offersApi({ 'GET /api/job-offers': () => (fail ? json(500, {}) : json(200, { jobOffers: [] })) });
    renderRoute('/intranet/job-offers');
    const retry = await screen.findByRole('button', { name: 'Réessayer' }, { timeout: 5000 });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText("Aucune offre d'emploi")).toBeInTheDocument();
  });
});

describe('job offer form (spec 02 §2 /intranet/job-offer)', () => {
  it('lets a director start from a template, checks the recipients and creates the offer for the current agency', async () => {
    signInAs('intranet', { roleId: 4, sub: '40', regionId: 1 });
    const api = offersApi();
    const { router } = renderRoute('/intranet/job-offer');
    expect(await screen.findByRole('heading', { level: 1, name: "Nouvelle offre d'emploi" })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /modèle/ })).not.toBeInTheDocument();
    // Spec 02 §8: save shows only when title, description and a type are chosen.
    expect(
      await screen.findByText("L'enregistrement demande un intitulé, une description et un type de contrat."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: "Partir d'un modèle" }));
    await user.click(await screen.findByRole('option', { name: 'Frigoriste pompes à chaleur (H/F)' }));
    const title = screen.getByRole('textbox', { name: /Intitulé du poste/ });
    await waitFor(() => expect(title).toHaveValue('Frigoriste pompes à chaleur (H/F)'));
    expect(screen.getByRole('combobox', { name: /Type de contrat/ })).toHaveValue('CDI');
    expect(screen.getByRole('combobox', { name: /Domaine/ })).toHaveValue('Installation');
    await user.clear(title);
    await user.paste('Frigoriste – Lille');
    const recipients = screen.getByRole('textbox', { name: 'Destinataires' });
    await user.click(recipients);
    await user.paste('rh@exemple.fr, pas-une-adresse');
    await user.tab();
    expect(await screen.findByText("L'adresse « pas-une-adresse » n'est pas une adresse email valide")).toBeInTheDocument();
    await user.clear(recipients);
    await user.paste('rh@exemple.fr, ecole@exemple.fr');
    const save = await screen.findByRole('button', { name: 'Enregistrer' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitForPath(router, '/intranet/job-offers');
    expect(api.callsTo('POST', '/api/job-offers')[0]?.body).toEqual({
      jobOfferTypeCode: 'CDI',
      jobOfferDomainCode: 'INSTALLATION',
      regionId: 1,
      agencyId: 11,
      title: 'Frigoriste – Lille',
      description: '<p>Installation de pompes à chaleur.</p>',
      geographicSector: '',
      isTemplate: false,
      contacts: [{ emailAddress: 'rh@exemple.fr' }, { emailAddress: 'ecole@exemple.fr' }],
    });
    expect(await screen.findByText("L'offre d'emploi a bien été créée.")).toBeInTheDocument();
  }, 30_000);

  it('gives a network role the template box, no picker, and puts the server’s refusal under its field', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    offersApi({
      'GET /api/job-offers/2': () => json(200, offer(2, { title: 'Apprenti installateur' })),
      'PUT /api/job-offers/2': () =>
        json(400, {
          code: 'validation_failed',
          message: 'Certaines informations sont invalides.',
          errors: { contacts: ["L'adresse « x@y » n'est pas une adresse email valide"] },
        }),
    });
    renderRoute('/intranet/job-offer?id=2');
    expect(await screen.findByRole('heading', { level: 1, name: "Modifier l'offre d'emploi" })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /Intitulé du poste/ })).toHaveValue('Apprenti installateur');
    expect(screen.queryByRole('combobox', { name: "Partir d'un modèle" })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Enregistrer comme modèle pour les agences' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Destinataires' })).toHaveValue('rh@exemple.fr');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("L'adresse « x@y » n'est pas une adresse email valide")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
  });
});
