import { POSTAL_CODE_CSV_MESSAGES } from '@reseau/contracts/constants/agencies';
import { IDENTIFIER_MESSAGES } from '@reseau/contracts/constants/identifiers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { agencyDetail, intranetHandlers, json, mockApi, renderRoute, signInAs } from '../../../test/utils';

const stored = () => {
  const detail = agencyDetail(11, 'Thermo Services Lille', 'Lille', '59000');
  return { ...detail, infos: { ...detail.infos, latitude: 50.63, longitude: 3.06 } };
};

function myAgencyApi(overrides: Parameters<typeof intranetHandlers>[0] = {}) {
  return mockApi(
    intranetHandlers({
      'GET /api/agencies/11': () => json(200, stored()),
      'PUT /api/agencies/11/infos': () => new Response(null, { status: 204 }),
      'GET /api/agencies/11/api-keys': () => json(200, { agencyApiKeys: [] }),
      ...overrides,
    }),
  );
}

// Label queries: role queries over the whole shell are slow.
const section = (name: string) => screen.findByLabelText(name, { selector: 'section' });
const saveButton = () => screen.getByText('Enregistrer').closest('button') as HTMLButtonElement;

describe('my agency (spec 01 §2 /intranet/my-agency)', () => {
  it('shows the current agency of the shell in three sections with its stored values', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    myAgencyApi();
    renderRoute('/intranet/my-agency');
    const contact = await section('Coordonnées');
    expect(within(contact).getByLabelText(/Adresse/, { selector: 'input[required]' })).toHaveValue('12 rue des Tanneurs');
    expect(within(contact).getByLabelText(/Latitude/)).toHaveValue('50.63');
    expect(await section('Nous contacter')).toBeInTheDocument();
    expect(await section('Informations légales')).toBeInTheDocument();
  });

  it('saves the three sections in one call, phone 2 and social links only when filled', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = myAgencyApi();
    renderRoute('/intranet/my-agency');
    await section('Coordonnées');
    const user = userEvent.setup({ delay: null });
    const contactUs = await section('Nous contacter');
    // One paste per field: each keystroke re-renders the whole form, which is slow under jsdom.
    await user.click(within(contactUs).getByLabelText('Téléphone 2'));
    await user.paste('06 00 00 00 00');
    await user.click(within(contactUs).getByLabelText('Lien LinkedIn'));
    await user.paste('https://www.linkedin.com/company/thermo');
    await user.click(saveButton());

    await waitFor(() => expect(api.callsTo('PUT', '/api/agencies/11/infos')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/agencies/11/infos')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Thermo Services Lille',
      latitude: 50.63,
      longitude: 3.06,
      phones: [{ phone: '03 20 00 00 00', label: 'Accueil' }],
      emails: [{ emailAddress: 'contact@agence.fr', label: 'Contact' }],
      socialLinks: [{ socialLinkLabelId: 2, link: 'https://www.linkedin.com/company/thermo' }],
      address2: null,
    });
    expect(await screen.findByText('Agence mise à jour')).toBeInTheDocument();
  });

  it('flags a non-numeric latitude and an empty city, and blocks the save', async () => {
    signInAs('intranet', { roleId: 7, sub: '70' });
    const api = myAgencyApi();
    renderRoute('/intranet/my-agency');
    const contact = await section('Coordonnées');
    const user = userEvent.setup({ delay: null });
    await user.clear(within(contact).getByLabelText(/Latitude/));
    await user.click(within(contact).getByLabelText(/Latitude/));
    await user.paste('nord');
    await user.clear(within(contact).getByLabelText(/Ville/));
    await user.tab();
    expect(await within(contact).findByText('Veuillez saisir un nombre')).toBeInTheDocument();
    expect(within(contact).getByText('Veuillez remplir ce champ')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    expect(api.callsTo('PUT', '/api/agencies/11/infos')).toHaveLength(0);
  });

  it("refuses a postal code, a phone and a SIREN that are not French ones, with the server's messages (issue 25)", async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = myAgencyApi();
    renderRoute('/intranet/my-agency');
    const contact = await section('Coordonnées');
    const contactUs = await section('Nous contacter');
    const legal = await section('Informations légales');
    const user = userEvent.setup({ delay: null });
    const retype = async (field: HTMLElement, text: string) => {
      await user.clear(field);
      await user.click(field);
      await user.paste(text);
    };
    await retype(within(contact).getByLabelText(/Code postal/), 'ABC');
    await retype(within(contactUs).getByLabelText(/Téléphone 1/, { selector: 'input' }), '😀 appelez-nous');
    await retype(within(legal).getByLabelText(/SIREN/), '12');
    await user.tab();
    expect(await within(contact).findByText(IDENTIFIER_MESSAGES.postalCode)).toBeInTheDocument();
    expect(within(contactUs).getByText(IDENTIFIER_MESSAGES.phone)).toBeInTheDocument();
    expect(within(legal).getByText(IDENTIFIER_MESSAGES.siren)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    expect(api.callsTo('PUT', '/api/agencies/11/infos')).toHaveLength(0);
  });

  it("puts the server's per-field refusal under the form's field", async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    myAgencyApi({
      'PUT /api/agencies/11/infos': () =>
        json(400, {
          code: 'validation_failed',
          message: 'Certaines informations sont invalides.',
          errors: { 'phones.0.phone': ['Numéro refusé'] },
        }),
    });
    renderRoute('/intranet/my-agency');
    await section('Coordonnées');
    await userEvent.setup({ delay: null }).click(saveButton());
    const contactUs = await section('Nous contacter');
    expect(await within(contactUs).findByText('Numéro refusé')).toBeInTheDocument();
    expect(within(contactUs).getByLabelText(/Téléphone 1/, { selector: 'input' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('imports a postal-code file raw and lists each bad line the server reports', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = myAgencyApi({
      'POST /api/agencies/11/import-postal-codes': () =>
        json(400, {
          code: 'validation_failed',
          message: 'Certaines informations sont invalides.',
          errors: { file: ['Ligne 3 : code postal invalide (5 chiffres attendus).'] },
        }),
    });
    renderRoute('/intranet/my-agency');
    const panel = await section('Codes postaux desservis');
    const input = panel.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent
      .setup({ delay: null })
      .upload(input, new File(['codePostal\n59000\n590\n'], 'codes.csv', { type: 'text/csv' }));
    expect(await within(panel).findByText('Ligne 3 : code postal invalide (5 chiffres attendus).')).toBeInTheDocument();
    const [call] = api.callsTo('POST', '/api/agencies/11/import-postal-codes');
    expect(call!.headers.get('content-type')).toBe('text/csv');
  });

  it('says a PNG is not a CSV, in French, without sending it (issue 25)', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    const api = myAgencyApi();
    renderRoute('/intranet/my-agency');
    const panel = await section('Codes postaux desservis');
    const input = panel.querySelector('input[type="file"]') as HTMLInputElement;
    // "Tous les fichiers" in the system's dialog: the accept list does not stop the choice.
    await userEvent
      .setup({ delay: null, applyAccept: false })
      .upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0])], 'logo.png', { type: 'image/png' }));
    expect(await within(panel).findByText(POSTAL_CODE_CSV_MESSAGES.notCsv)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/agencies/11/import-postal-codes')).toHaveLength(0);
  });
});

describe('my agency: "Connexion à votre logiciel" (issue 11)', () => {
  const KEY = `rek_${'a'.repeat(43)}`;
  const stored = {
    id: 5,
    label: 'ERP atelier',
    createdAt: '2026-11-02T09:30:00.000Z',
    createdBy: 'Dominique Martin',
    lastUsedAt: null,
  };

  it('lists the keys, shows a new key once with a copy button, and revokes after confirmation', async () => {
    signInAs('intranet', { roleId: 4, sub: '40' });
    let keys = [stored];
    const api = myAgencyApi({
      'GET /api/agencies/11/api-keys': () => json(200, { agencyApiKeys: keys }),
      'POST /api/agencies/11/api-keys': () => {
        keys = [{ ...stored, id: 6, label: 'Logiciel compta' }, ...keys];
        return json(201, { id: 6, apiKey: KEY });
      },
      'DELETE /api/agency-api-keys/5': () => {
        keys = keys.filter((k) => k.id !== 5);
        return new Response(null, { status: 204 });
      },
    });
    renderRoute('/intranet/my-agency');
    const keysSection = await section('Connexion à votre logiciel');
    expect(await within(keysSection).findByText('ERP atelier')).toBeInTheDocument();
    expect(
      within(keysSection).getByText(/Créée le 02\.11\.2026 à \d\d:30 par Dominique Martin · jamais utilisée/),
    ).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.type(within(keysSection).getByLabelText(/Nom de la clé/), 'Logiciel compta');
    await user.click(within(keysSection).getByRole('button', { name: 'Créer une clé' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/agencies/11/api-keys')[0]?.body).toEqual({ label: 'Logiciel compta' }));
    expect(await within(keysSection).findByText(KEY)).toBeInTheDocument();
    expect(within(keysSection).getByText(/elle ne sera plus jamais affichée/)).toBeInTheDocument();
    expect(within(keysSection).getByRole('button', { name: 'Copier la clé' })).toBeInTheDocument();
    await user.click(within(keysSection).getByRole('button', { name: "J'ai copié la clé" }));
    expect(within(keysSection).queryByText(KEY)).not.toBeInTheDocument();

    await user.click(within(keysSection).getByRole('button', { name: 'Révoquer la clé « ERP atelier »' }));
    const dialog = await screen.findByRole('dialog', { name: 'Révoquer cette clé ?' });
    expect(api.callsTo('DELETE', '/api/agency-api-keys/5')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Révoquer' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/agency-api-keys/5')).toHaveLength(1));
    expect(await screen.findByText('La clé a été révoquée')).toBeInTheDocument();
    await waitFor(() => expect(within(keysSection).queryByText('ERP atelier')).not.toBeInTheDocument());
  }, 30_000);

  it('says when there is no key yet, and keeps the typed name when the creation fails', async () => {
    signInAs('intranet', { roleId: 7, sub: '70' });
    myAgencyApi({
      'POST /api/agencies/11/api-keys': () =>
        json(409, {
          code: 'conflict',
          message: "Cette agence a déjà 10 clés actives : révoquez-en une avant d'en créer une autre.",
        }),
    });
    renderRoute('/intranet/my-agency');
    const keysSection = await section('Connexion à votre logiciel');
    expect(await within(keysSection).findByText(/Aucune clé pour le moment/)).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.type(within(keysSection).getByLabelText(/Nom de la clé/), 'Logiciel compta');
    await user.click(within(keysSection).getByRole('button', { name: 'Créer une clé' }));
    expect(await screen.findByText(/révoquez-en une avant d'en créer une autre/)).toBeInTheDocument();
    expect(within(keysSection).getByLabelText(/Nom de la clé/)).toHaveValue('Logiciel compta');
  }, 30_000);
});
