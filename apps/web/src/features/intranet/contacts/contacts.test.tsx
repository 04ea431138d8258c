import type { Contact } from '@reseau/contracts/schemas/contacts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../../test/utils';

function contact(id: number, overrides: Partial<Contact> = {}): Contact {
  return {
    id,
    type: 'SITE_CONTACT',
    fullName: `Client ${id}`,
    emailAddress: `client${id}@exemple.fr`,
    phone: '06 11 42 87 30',
    address: '12 rue Nationale',
    postalCode: '59000',
    city: 'Lille',
    isClientKnown: false,
    clientId: null,
    isProcessed: false,
    creationDate: '2026-11-20T09:00:00.000Z',
    processedAt: null,
    agencyId: 11,
    agencyName: 'Lille',
    adherentName: "Thermi'Nord",
    data: { message: 'Devis pour une pompe à chaleur', source: 'site', optInNewsletter: true },
    ...overrides,
  };
}

const DEMANDS = [
  contact(1, {
    type: 'EXTRANET_AGENCY_CONTACT',
    fullName: 'Sophie Lefèvre',
    isClientKnown: true,
    clientId: 77,
    data: {
      subject: 'Panne',
      message: "Plus d'eau chaude depuis ce matin",
      source: 'extranet_contracts_page',
      isAvailableInTheMorning: true,
      isAvailableAtMidday: false,
      isAvailableInTheAfternoon: true,
      isAvailableAllDay: false,
    },
  }),
  contact(2, {
    type: 'CLIENT_PHONES_CHANGE_CONTACT',
    fullName: 'Antoine Mercier',
    data: { mobilePhoneNumber: '06 98 76 54 32', landlinePhoneNumber: null },
  }),
];

function contactsApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/contacts': () => json(200, { contacts: DEMANDS, pageCount: 1 }),
      'PUT /api/contacts/1:set-processed': () => new Response(null, { status: 204 }),
      'GET /api/unprocessed-contact-count-by-contact-types': () => json(200, { external: 150, quotation: 3, invoice: 0 }),
      ...overrides,
    }),
  );
}

const listCalls = (api: ReturnType<typeof contactsApi>) =>
  api.callsTo('GET', '/api/contacts').map((c) => Object.fromEntries(c.url.searchParams));

const card = async (name: string) => (await screen.findByRole('article', { name })) as HTMLElement;

describe('demands of the current agency (spec 02 §2)', () => {
  it('exports a known customer’s data on request: the link goes to the customer (issue 28 §1)', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = contactsApi({ 'POST /api/clients/77/data-exports': () => json(202, { dataExportId: 5, status: 'pending' }) });
    renderRoute('/intranet/demands');
    expect(within(await card('Antoine Mercier')).queryByRole('button', { name: /Exporter les données/ })).not.toBeInTheDocument();
    await userEvent.click(
      within(await card('Sophie Lefèvre')).getByRole('button', { name: 'Exporter les données de Sophie Lefèvre' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/envoyé par e-mail au client lui-même, jamais à vous/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: "Envoyer l'export au client" }));
    expect(
      await screen.findByText('Export demandé : Sophie Lefèvre recevra un e-mail avec un lien valable 7 jours.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/clients/77/data-exports')).toHaveLength(1);
  });

  it('lists the agency’s external contacts to handle, with every field of the type', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = contactsApi();
    renderRoute('/intranet/demands');
    expect(await screen.findByRole('heading', { level: 1, name: 'Demandes' })).toBeInTheDocument();
    const sophie = await card('Sophie Lefèvre');
    expect(listCalls(api).at(-1)).toEqual({
      agencyId: '11',
      isProcessed: 'false',
      contactTypes:
        'SITE_CONTACT,SOLUTIONS_CONTACT,EXTRANET_AGENCY_CONTACT,CLIENT_EMAIL_CHANGE_CONTACT,CLIENT_PHONES_CHANGE_CONTACT,CLIENT_ACCOUNT_ERASED_CONTACT',
      pageNumber: '1',
      pageSize: '12',
    });
    const s = within(sophie);
    expect(s.getByText('Demande extranet')).toBeInTheDocument();
    expect(s.getByText('Client connu')).toBeInTheDocument();
    expect(s.getByText('Reçu le 20.11.2026')).toBeInTheDocument();
    expect(s.getByText('Panne')).toBeInTheDocument();
    expect(s.getByText("Plus d'eau chaude depuis ce matin")).toBeInTheDocument();
    expect(s.getByText('Extranet, page des contrats')).toBeInTheDocument();
    expect(s.getByText('Matin')).toBeInTheDocument();
    expect(s.getByText('Après-midi')).toBeInTheDocument();
    expect(s.queryByText('Midi')).not.toBeInTheDocument();
    expect(s.getByRole('link', { name: /client1@exemple\.fr/ })).toHaveAttribute('href', 'mailto:client1@exemple.fr');
    expect(s.getByRole('link', { name: /06 11 42 87 30/ })).toHaveAttribute('href', 'tel:0611428730');
    const antoine = within(await card('Antoine Mercier'));
    expect(antoine.getByText('06 98 76 54 32')).toBeInTheDocument();
    expect(antoine.getByText('Changement de téléphone')).toBeInTheDocument();
  });

  it('shows the menu badges, 99+ above 99, and reads them again after marking a demand handled', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = contactsApi();
    renderRoute('/intranet/demands');
    const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
    const demands = await within(menu).findByRole('link', { name: /Demandes.*99\+ à traiter/ });
    expect(within(demands).getByText('99+')).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: /Devis.*3 à traiter/ })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: /^Factures$/ })).toBeInTheDocument();
    const counted = api.callsTo('GET', '/api/unprocessed-contact-count-by-contact-types');
    expect(counted.at(-1)?.url.searchParams.get('agencyId')).toBe('11');
    const before = counted.length;
    const listsBefore = listCalls(api).length;

    await userEvent.click(
      within(await card('Sophie Lefèvre')).getByRole('button', { name: 'Marquer comme traité : Sophie Lefèvre' }),
    );
    await waitFor(() => expect(api.callsTo('PUT', '/api/contacts/1:set-processed')).toHaveLength(1));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/unprocessed-contact-count-by-contact-types').length).toBeGreaterThan(before),
    );
    await waitFor(() => expect(listCalls(api).length).toBeGreaterThan(listsBefore));
  });

  it('says so in a popover when the update fails', async () => {
    signInAs('intranet', { roleId: 9, sub: '41' });
    contactsApi({
      'PUT /api/contacts/1:set-processed': () => json(500, { code: 'internal', message: 'Une erreur est survenue' }),
    });
    renderRoute('/intranet/demands');
    await userEvent.click(within(await card('Sophie Lefèvre')).getByRole('button', { name: /Marquer comme traité/ }));
    expect(await screen.findByText("La demande n'a pas pu être mise à jour. Réessayez.")).toBeInTheDocument();
  });

  it('keeps the handled tab and the search in the address and the query', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = contactsApi({
      'GET /api/contacts': ({ url }) =>
        json(200, {
          contacts: url.searchParams.get('isProcessed') === 'true' ? [] : DEMANDS,
          pageCount: url.searchParams.get('isProcessed') === 'true' ? 0 : 1,
        }),
    });
    const { location } = renderRoute('/intranet/demands');
    await card('Sophie Lefèvre');
    await userEvent.click(screen.getByRole('tab', { name: 'Traités' }));
    expect(await screen.findByText('Aucun contact traité')).toBeInTheDocument();
    expect(location().search).toBe('?tab=handled');
    expect(listCalls(api).at(-1)).toMatchObject({ isProcessed: 'true' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher une demande' }), 'lefevre');
    await waitFor(() => expect(location().search).toContain('search=lefevre'));
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ isProcessed: 'true', search: 'lefevre' }));
    expect(await screen.findByText('Aucun contact ne correspond à « lefevre ».')).toBeInTheDocument();
  });

  it('asks to choose an agency when the user has none, without loading contacts', async () => {
    signInAs('intranet', { roleId: 9, sub: '41' });
    const api = contactsApi({ 'GET /api/agencies': () => json(200, { agencies: [] }) });
    renderRoute('/intranet/invoices');
    expect(await screen.findByText("Choisissez une agence dans l'en-tête pour voir ses contacts.")).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/contacts')).toHaveLength(0);
  });
});

describe('quotations and invoices', () => {
  it('shows the quote number, amount in euros, state and its file to download', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = contactsApi({
      'GET /api/contacts': () =>
        json(200, {
          contacts: [
            contact(5, {
              type: 'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT',
              fullName: 'Luc Morel',
              isClientKnown: true,
              data: {
                quotationNumber: 'DE-2026-0042',
                amountIncludingTax: 125_050,
                quotationState: 'signed',
                envelopeFileId: 77,
              },
            }),
          ],
          pageCount: 1,
        }),
    });
    renderRoute('/intranet/quotations');
    const luc = within(await card('Luc Morel'));
    expect(luc.getByText('DE-2026-0042')).toBeInTheDocument();
    expect(luc.getByText('1 250,50 €')).toBeInTheDocument();
    expect(luc.getByText('Signé')).toBeInTheDocument();
    expect(luc.getByRole('button', { name: 'Télécharger le devis signé DE-2026-0042' })).toBeInTheDocument();
    expect(listCalls(api).at(-1)?.contactTypes).toBe(
      'AGENCY_CONTRACT_QUOTATION_ACCEPTED_CONTACT,AGENCY_CONTRACT_QUOTATION_REFUSED_CONTACT',
    );
  });
});

describe('network-wide views (role 1, read-only)', () => {
  it('lists every agency without agencyId, offers the sorted agency filter and no toggle', async () => {
    signInAs('intranet', { roleId: 1, sub: '1' });
    const api = contactsApi({
      'GET /api/contacts': () =>
        json(200, {
          contacts: [
            contact(8, {
              type: 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT',
              fullName: 'Claire Dubois',
              data: { invoiceNumber: 'FA-2026-7', amountIncludingTax: 18_900, paymentDate: '2026-11-18', invoiceFileId: 4 },
            }),
            // An agency named after its adherent: the name is said once.
            contact(9, {
              type: 'AGENCY_CONTRACT_INVOICE_PAID_CONTACT',
              fullName: 'Marc Leroy',
              agencyId: 41,
              agencyName: 'Atlantique Chauffage Nantes',
              adherentName: 'Atlantique Chauffage',
              data: { invoiceNumber: 'FA-2026-8', amountIncludingTax: 9_900, paymentDate: '2026-11-18', invoiceFileId: 5 },
            }),
          ],
          pageCount: 1,
        }),
      'GET /api/all-agency-adherents': () =>
        json(200, {
          adherents: [
            { id: 2, name: 'Val de Loire Thermique', regionId: 2, agencies: [{ id: 31, name: 'Orléans', isActive: true }] },
            {
              id: 3,
              name: 'Atlantique Chauffage',
              regionId: 2,
              agencies: [{ id: 41, name: 'Atlantique Chauffage Nantes', isActive: true }],
            },
            {
              id: 1,
              name: "Thermi'Nord",
              regionId: 1,
              agencies: [
                { id: 12, name: 'Valenciennes', isActive: true },
                { id: 11, name: 'Lille', isActive: true },
              ],
            },
          ],
        }),
    });
    const { location } = renderRoute('/intranet/all-invoices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Toutes les factures' })).toBeInTheDocument();
    const claire = within(await card('Claire Dubois'));
    expect(claire.getByText("Agence : Thermi'Nord Lille")).toBeInTheDocument();
    expect(within(await card('Marc Leroy')).getByText('Agence : Atlantique Chauffage Nantes')).toBeInTheDocument();
    expect(claire.getByText('189,00 €')).toBeInTheDocument();
    expect(claire.getByText('18.11.2026')).toBeInTheDocument();
    expect(claire.queryByRole('button', { name: /traité|traiter/ })).not.toBeInTheDocument();
    expect(listCalls(api).at(-1)?.agencyId).toBeUndefined();

    await userEvent.click(screen.getByRole('combobox', { name: 'Filtrer par agence' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      'Atlantique Chauffage Nantes',
      "Thermi'Nord Lille",
      "Thermi'Nord Valenciennes",
      'Val de Loire Thermique Orléans',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Val de Loire Thermique Orléans' }));
    await waitFor(() => expect(location().search).toContain('agencyId=31'));
    await waitFor(() => expect(listCalls(api).at(-1)?.agencyId).toBe('31'));
  });

  it('is refused to other roles', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = contactsApi();
    renderRoute('/intranet/all-demands');
    expect(await screen.findByText(/Vous n'avez pas les accès requis/)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/contacts')).toHaveLength(0);
  });
});
