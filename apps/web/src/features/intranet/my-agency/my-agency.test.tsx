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
});
