import { IDENTIFIER_MESSAGES } from '@reseau/contracts/constants/identifiers';
import type { SparePartAnnouncement } from '@reseau/contracts/schemas/spare-parts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Handler, intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../../test/utils';

const ENERGY_TYPES = [
  { code: 'GAZ', name: 'Gaz' },
  { code: 'FIOUL', name: 'Fioul' },
  { code: 'PAC', name: 'Pompe à chaleur' },
];

function announcement(id: number, overrides: Partial<SparePartAnnouncement> = {}): SparePartAnnouncement {
  return {
    id,
    typeCode: 'DEMANDE',
    energyTypeCode: 'GAZ',
    title: `Pièce ${id}`,
    description: `Description de la pièce ${id}`,
    contact: '06 12 34 56 78',
    publicationDate: '2026-03-10T09:00:00.000Z',
    expiryDate: '2026-03-17T09:00:00.000Z',
    authorId: 70,
    author: 'Bruno Vanderhaeghe',
    agencyId: 21,
    agencyName: 'Flandres Énergies Dunkerque',
    isExpired: false,
    hasResponse: false,
    isOwn: false,
    isRead: true,
    ...overrides,
  };
}

const BOARD = [
  announcement(1, { title: 'Circulateur UPM3' }),
  announcement(2, { typeCode: 'OFFRE', title: 'Brûleur Riello', energyTypeCode: 'FIOUL' }),
  announcement(3, { title: 'Vase 18 L', hasResponse: true }),
  announcement(4, { title: 'Sonde QAC34', isExpired: true }),
  announcement(5, { title: 'Carte ThemaPlus', typeCode: 'OFFRE', isOwn: true, authorId: 60, agencyId: 11 }),
];

function sparePartsApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/spare-part-energy-types': () => json(200, { sparePartEnergyTypes: ENERGY_TYPES }),
      'GET /api/spare-part-announcements': () => json(200, { sparePartAnnouncements: BOARD, pageCount: 2 }),
      'GET /api/spare-part-announcements/5': () => json(200, BOARD[4]),
      'GET /api/spare-part-announcements/1': () => json(200, BOARD[0]),
      'POST /api/spare-part-announcements': () => json(201, { id: 9 }),
      'PUT /api/spare-part-announcements/5': () => new Response(null, { status: 204 }),
      'DELETE /api/spare-part-announcements/5': () => new Response(null, { status: 204 }),
      'POST /api/spare-part-announcements:have': () => new Response(null, { status: 204 }),
      'POST /api/spare-part-announcements:want': () => new Response(null, { status: 204 }),
      ...overrides,
    }),
  );
}

const listCalls = (api: ReturnType<typeof sparePartsApi>) =>
  api.callsTo('GET', '/api/spare-part-announcements').map((c) => Object.fromEntries(c.url.searchParams));

async function cardOf(title: string) {
  const list = await screen.findByRole('list', { name: 'Annonces de pièces détachées' });
  return within(list).getByRole('article', { name: title });
}

describe('spare-part announcements (spec 02 §2)', () => {
  it('shows the network board, 9 a page, with each card’s type, energy, contact, author, expiry and action', async () => {
    signInAs('intranet', { roleId: 6, sub: '60' });
    const api = sparePartsApi();
    renderRoute('/intranet/spare-parts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bourse aux pièces' })).toBeInTheDocument();
    const request = await cardOf('Circulateur UPM3');
    expect(request).toHaveTextContent('Demande');
    expect(request).toHaveTextContent('Description de la pièce 1');
    expect(request).toHaveTextContent('06 12 34 56 78');
    expect(request).toHaveTextContent('Bruno Vanderhaeghe · Flandres Énergies Dunkerque');
    expect(request).toHaveTextContent('Expire le 17.03.2026');
    await waitFor(() => expect(request).toHaveTextContent('Gaz'));
    expect(within(request).getByRole('button', { name: "J'en ai : Circulateur UPM3" })).toBeEnabled();
    const offer = await cardOf('Brûleur Riello');
    expect(offer).toHaveTextContent('Offre');
    expect(offer).toHaveTextContent('Fioul');
    expect(within(offer).getByRole('button', { name: 'Je veux : Brûleur Riello' })).toBeInTheDocument();
    expect(within(await cardOf('Vase 18 L')).getByRole('button', { name: 'Réponse envoyée' })).toBeDisabled();
    const expired = await cardOf('Sonde QAC34');
    expect(expired).toHaveTextContent('Expirée');
    // An expired card takes no answer; it can still be marked unread.
    expect(
      within(expired)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(["Marquer l'annonce « Sonde QAC34 » comme non lue"]);
    const own = await cardOf('Carte ThemaPlus');
    expect(within(own).getByRole('button', { name: "Modifier l'annonce « Carte ThemaPlus »" })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: "Supprimer l'annonce « Carte ThemaPlus »" })).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: /Je veux/ })).not.toBeInTheDocument();
    expect(listCalls(api)[0]).toEqual({ pageNumber: '1', pageSize: '9' });
  });

  it('links a contact phone with tel:, and shows an old contact that is no phone as text (issue 25)', async () => {
    signInAs('intranet', { roleId: 6, sub: '60' });
    sparePartsApi({
      'GET /api/spare-part-announcements': () =>
        json(200, {
          sparePartAnnouncements: [
            announcement(1, { title: 'Circulateur UPM3', contact: '+33 6 12 34 56 78' }),
            announcement(2, { title: 'Brûleur Riello', contact: 'rappelez-moi' }),
          ],
          pageCount: 1,
        }),
    });
    renderRoute('/intranet/spare-parts');
    const phone = await cardOf('Circulateur UPM3');
    expect(within(phone).getByRole('link', { name: /06 12 34 56 78/ })).toHaveAttribute('href', 'tel:0612345678');
    const text = await cardOf('Brûleur Riello');
    expect(text).toHaveTextContent('rappelez-moi');
    expect(within(text).queryByRole('link')).not.toBeInTheDocument();
  });

  it('marks a card read or unread, and ends an own announcement after a confirmation (spec 00 §4)', async () => {
    signInAs('intranet', { roleId: 6, sub: '60' });
    const board = [
      announcement(1, { title: 'Circulateur UPM3', isRead: false }),
      announcement(5, { title: 'Carte ThemaPlus', typeCode: 'OFFRE', isOwn: true, authorId: 60, agencyId: 11 }),
    ];
    const api = sparePartsApi({
      'GET /api/spare-part-announcements': () => json(200, { sparePartAnnouncements: board, pageCount: 1 }),
      'POST /api/spare-part-announcements/1:read': () => {
        board[0] = { ...board[0]!, isRead: true };
        return new Response(null, { status: 204 });
      },
      'POST /api/spare-part-announcements/5:over': () => {
        board[1] = { ...board[1]!, isExpired: true };
        return new Response(null, { status: 204 });
      },
    });
    renderRoute('/intranet/spare-parts');
    const user = userEvent.setup();
    const unread = await cardOf('Circulateur UPM3');
    expect(unread).toHaveTextContent('Nouvelle');
    await user.click(within(unread).getByRole('button', { name: "Marquer l'annonce « Circulateur UPM3 » comme lue" }));
    await waitFor(() => expect(unread).not.toHaveTextContent('Nouvelle'));
    expect(
      within(unread).getByRole('button', { name: "Marquer l'annonce « Circulateur UPM3 » comme non lue" }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/spare-part-announcements/1:read')).toHaveLength(1);

    const own = await cardOf('Carte ThemaPlus');
    expect(own).not.toHaveTextContent('Nouvelle');
    await user.click(within(own).getByRole('button', { name: "Terminer l'annonce « Carte ThemaPlus »" }));
    const dialog = await screen.findByRole('dialog', { name: "Terminer l'annonce" });
    await user.click(within(dialog).getByRole('button', { name: 'Terminer' }));
    expect(await screen.findByText("L'annonce est terminée")).toBeInTheDocument();
    await waitFor(() => expect(own).toHaveTextContent('Expirée'));
    expect(within(own).queryByRole('button', { name: /Terminer/ })).not.toBeInTheDocument();
  });

  it('filters by type and energy through the address, and the "my announcements" tab asks for mine in progress', async () => {
    signInAs('intranet', { roleId: 6, sub: '60' });
    const api = sparePartsApi();
    const { router } = renderRoute('/intranet/spare-parts');
    await cardOf('Circulateur UPM3');
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('radiogroup', { name: "Type d'annonce" })).getByRole('radio', { name: 'Offre' }));
    await waitFor(() => expect(router.state.location.search).toBe('?typeCode=OFFRE'));
    await waitFor(() => expect(listCalls(api).at(-1)).toEqual({ typeCode: 'OFFRE', pageNumber: '1', pageSize: '9' }));
    await user.click(screen.getByRole('combobox', { name: 'Énergie' }));
    await user.click(await screen.findByRole('option', { name: 'Pompe à chaleur' }));
    await waitFor(() => expect(router.state.location.search).toBe('?typeCode=OFFRE&energyTypeCode=PAC'));
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toEqual({ typeCode: 'OFFRE', energyTypeCode: 'PAC', pageNumber: '1', pageSize: '9' }),
    );

    await user.click(screen.getByRole('tab', { name: 'Mes annonces en cours' }));
    await waitFor(() => expect(router.state.location.search).toContain('tab=mine'));
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toEqual({ authorId: '60', isExpired: 'false', pageNumber: '1', pageSize: '9' }),
    );
    expect(screen.queryByRole('radiogroup', { name: "Type d'annonce" })).not.toBeInTheDocument();
  });

  it('answers "J\'en ai" for the current agency, and shows the spec\'s message when it was already answered', async () => {
    signInAs('intranet', { roleId: 6, sub: '60' });
    let refused = false;
    const api = sparePartsApi({
      'POST /api/spare-part-announcements:have': () =>
        refused
          ? json(409, { code: 'spare_part_announcement_already_answered', message: 'x' })
          : new Response(null, { status: 204 }),
    });
    renderRoute('/intranet/spare-parts');
    const user = userEvent.setup();
    await user.click(within(await cardOf('Circulateur UPM3')).getByRole('button', { name: "J'en ai : Circulateur UPM3" }));
    expect(await screen.findByText("Votre réponse a été envoyée à l'auteur de l'annonce")).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/spare-part-announcements:have')[0]?.body).toEqual({
      agencyId: 11,
      sparePartAnnouncementId: 1,
    });
    refused = true;
    await user.click(within(await cardOf('Circulateur UPM3')).getByRole('button', { name: "J'en ai : Circulateur UPM3" }));
    expect(await screen.findByText('Vous avez déjà répondu à cette annonce')).toBeInTheDocument();
    await user.click(within(await cardOf('Brûleur Riello')).getByRole('button', { name: 'Je veux : Brûleur Riello' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/spare-part-announcements:want')).toHaveLength(1));
  });

  it('publishes a new announcement from the modal, with the spec’s field checks on blur', { timeout: 30_000 }, async () => {
    signInAs('intranet', { roleId: 6, sub: '60' });
    const api = sparePartsApi();
    renderRoute('/intranet/spare-parts');
    await cardOf('Circulateur UPM3');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Nouvelle annonce' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle annonce' });
    const title = await within(dialog).findByRole('textbox', { name: /Titre/ });
    expect(dialog).toHaveTextContent('Une demande reste visible 1 semaine et une offre 6 mois après sa publication.');
    fireEvent.change(title, { target: { value: 'Demande de circulateur' } });
    fireEvent.blur(title);
    expect(
      await within(dialog).findByText(/Le titre ne doit pas dire s'il s'agit d'une demande ou d'une offre/),
    ).toBeInTheDocument();
    fireEvent.change(title, { target: { value: 'Circulateur Wilo' } });
    const description = within(dialog).getByRole('textbox', { name: /Description/ });
    fireEvent.change(description, { target: { value: 'x'.repeat(131) } });
    fireEvent.blur(description);
    expect(await within(dialog).findByText('La description ne doit pas dépasser 130 caractères')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('131/130');
    fireEvent.change(description, { target: { value: 'Circulateur pour chaudière murale' } });
    const contact = within(dialog).getByRole('textbox', { name: /Contact/ });
    fireEvent.blur(contact);
    expect(within(dialog).queryByText('Veuillez remplir ce champ')).not.toBeInTheDocument();
    fireEvent.change(contact, { target: { value: ' ' } });
    fireEvent.blur(contact);
    expect(await within(dialog).findByText('Veuillez remplir ce champ')).toBeInTheDocument();
    fireEvent.change(contact, { target: { value: 'rappelez-moi' } });
    fireEvent.blur(contact);
    expect(await within(dialog).findByText(IDENTIFIER_MESSAGES.phone)).toBeInTheDocument();
    fireEvent.change(contact, { target: { value: '06 00 00 00 00' } });
    await user.click(within(dialog).getByRole('combobox', { name: /Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Demande' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Énergie/ }));
    await user.click(await screen.findByRole('option', { name: 'Fioul' }));
    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText('Votre annonce a été publiée')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/spare-part-announcements')[0]?.body).toEqual({
      typeCode: 'DEMANDE',
      energyTypeCode: 'FIOUL',
      title: 'Circulateur Wilo',
      description: 'Circulateur pour chaudière murale',
      contact: '06 00 00 00 00',
      agencyId: 11,
    });
  });

  it('opens ?id= of an own announcement in the edit modal and saves it with PUT', async () => {
    signInAs('intranet', { roleId: 6, sub: '60' });
    const api = sparePartsApi();
    const { router } = renderRoute('/intranet/spare-parts?id=5');
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'annonce" });
    expect(await within(dialog).findByRole('textbox', { name: /Titre/ })).toHaveValue('Carte ThemaPlus');
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Votre annonce a été modifiée')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/spare-part-announcements/5')[0]?.body).toMatchObject({
      title: 'Carte ThemaPlus',
      agencyId: 11,
    });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("opens ?id= of someone else's announcement on its card, and a missing one says so", async () => {
    signInAs('intranet', { roleId: 6, sub: '60' });
    sparePartsApi({ 'GET /api/spare-part-announcements/77': () => json(404, { code: 'not_found', message: 'introuvable' }) });
    const { router } = renderRoute('/intranet/spare-parts?id=1');
    const dialog = await screen.findByRole('dialog', { name: 'Annonce' });
    expect(within(dialog).getByRole('button', { name: "J'en ai : Circulateur UPM3" })).toBeInTheDocument();
    await router.navigate('/intranet/spare-parts?id=77');
    expect(await screen.findByText('Cette annonce est introuvable')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('deletes an own announcement after the confirmation', async () => {
    signInAs('intranet', { roleId: 6, sub: '60' });
    const api = sparePartsApi();
    renderRoute('/intranet/spare-parts');
    const user = userEvent.setup();
    await user.click(
      within(await cardOf('Carte ThemaPlus')).getByRole('button', { name: "Supprimer l'annonce « Carte ThemaPlus »" }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Supprimer l'annonce" });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("L'annonce a été supprimée")).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/spare-part-announcements/5')).toHaveLength(1);
  });

  it('shows the empty state, and an error with a retry', async () => {
    signInAs('intranet', { roleId: 6, sub: '60' });
    let fail = true;
    sparePartsApi({
      'GET /api/spare-part-announcements': () =>
        fail ? json(500, { code: 'internal_error', message: 'x' }) : json(200, { sparePartAnnouncements: [], pageCount: 0 }),
    });
    renderRoute('/intranet/spare-parts');
    const retry = await screen.findByRole('button', { name: 'Réessayer' }, { timeout: 5000 });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('Aucune annonce')).toBeInTheDocument();
  });
});
