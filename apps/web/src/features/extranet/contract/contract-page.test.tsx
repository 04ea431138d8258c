import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contract, document, extranetHandlers, signInCustomer } from '../../../test/extranet-fixtures';
import { type Handler, json, mockApi, renderRoute } from '../../../test/utils';
import { contractTabOf } from './contract-tabs';

function contractApi(overrides: Record<string, Handler> = {}) {
  return mockApi(
    extranetHandlers({
      'GET /api/agency-contract-documents/mine': () =>
        json(200, {
          agencyContractDocuments: [
            document({ id: 1, description: 'Attestation 2025', date: '2025-06-15' }),
            document({ id: 2, description: 'Attestation 2026', date: '2026-06-15' }),
            document({ id: 3, description: 'Conditions particulières', date: '2020-04-27', hasFile: false, fileId: null }),
          ],
        }),
      ...overrides,
    }),
  );
}

describe('contract page', () => {
  it('reads its tab from the query: lower-case ids, contract by default', () => {
    expect(contractTabOf(null)).toBe('contract');
    expect(contractTabOf('quote')).toBe('quote');
    expect(contractTabOf('CONTACT_INFO')).toBe('contact_info');
    expect(contractTabOf('nimporte')).toBe('contract');
  });

  it('shows the contract tab by default: facts, "Non renseigné" when unknown, documents newest first', async () => {
    signInCustomer();
    contractApi({
      'GET /api/agency-contracts/mine': () => json(200, { agencyContracts: [contract({ lastMaintenanceDate: null })] }),
    });
    const { router } = renderRoute('/extranet/contract/1');
    expect(await screen.findByRole('heading', { name: 'Chaudière gaz à condensation', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Contrat' })).toHaveAttribute('aria-selected', 'true');
    const facts = screen.getByRole('heading', { name: 'Votre contrat' }).parentElement as HTMLElement;
    expect(within(facts).getByText('TNL-2019-0412')).toBeInTheDocument();
    expect(within(facts).getByText('05-02-2027')).toBeInTheDocument();
    expect(within(facts).getByText('Chaudière gaz à condensation – De Dietrich Naneo')).toBeInTheDocument();
    expect(within(facts).getByText('Dernier entretien').nextSibling).toHaveTextContent('Non renseigné');
    // The documents' list (the agency panel lists its phones too, the footer its legal pages).
    const documentRows = () =>
      screen.queryAllByRole('listitem').filter((r) => !r.closest('[aria-label="Téléphones de l\'agence"]') && !r.closest('nav'));
    await waitFor(() => expect(documentRows()).toHaveLength(3));
    expect(documentRows().map((r) => r.textContent)).toEqual([
      expect.stringContaining('Attestation 2026Du 15.06.2026'),
      expect.stringContaining('Attestation 2025Du 15.06.2025'),
      expect.stringContaining('Conditions particulières'),
    ]);
    expect(within(documentRows()[2] as HTMLElement).queryByRole('button', { name: /Télécharger/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(router.state.location.search).toBe('?tab=documents');
    expect(await screen.findByRole('heading', { name: 'Documents du contrat' })).toBeInTheDocument();
  });

  it('says when the contract is not the customer’s', async () => {
    signInCustomer();
    contractApi();
    renderRoute('/extranet/contract/99');
    expect(await screen.findByText('Contrat introuvable')).toBeInTheDocument();
  });
});

describe('contract page: contact info tab', () => {
  it('changes the phones: checks French numbers on blur, posts both, confirms', async () => {
    signInCustomer();
    const api = contractApi({ 'POST /api/agency-contracts/1:change-phones': () => new Response(null, { status: 204 }) });
    renderRoute('/extranet/contract/1?tab=contact_info');
    const user = userEvent.setup();
    const mobile = await screen.findByRole('textbox', { name: 'Téléphone mobile' });
    const landline = screen.getByRole('textbox', { name: 'Téléphone fixe' });
    expect(mobile).toHaveValue('06 31 47 82 15');

    await user.clear(mobile);
    await user.type(mobile, '03 20 00 00 00');
    await user.tab();
    expect(await screen.findByText('Veuillez saisir un numéro de mobile français valide (06 ou 07)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer les téléphones' })).toBeDisabled();

    await user.clear(mobile);
    await user.type(mobile, '07 11 22 33 44');
    await user.clear(landline);
    await user.click(screen.getByRole('button', { name: 'Enregistrer les téléphones' }));
    expect(await screen.findByText('Vos numéros de téléphone ont été modifiés.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/agency-contracts/1:change-phones')[0]?.body).toEqual({
      mobilePhoneNumber: '07 11 22 33 44',
      landlinePhoneNumber: null,
    });
  });

  it('asks for at least one phone, and shows the server’s field errors', async () => {
    signInCustomer();
    const api = contractApi({
      'POST /api/agency-contracts/1:change-phones': () =>
        json(400, {
          code: 'validation_failed',
          message: 'Données invalides',
          errors: { landlinePhoneNumber: ['Veuillez saisir un numéro de téléphone fixe français valide'] },
        }),
    });
    renderRoute('/extranet/contract/1?tab=contact_info');
    const user = userEvent.setup();
    const mobile = await screen.findByRole('textbox', { name: 'Téléphone mobile' });
    const landline = screen.getByRole('textbox', { name: 'Téléphone fixe' });
    await user.clear(mobile);
    await user.clear(landline);
    await user.tab();
    expect(await screen.findByText('Veuillez saisir au moins un numéro de téléphone')).toBeInTheDocument();
    // Submit is blocked while a field is in error.
    expect(screen.getByRole('button', { name: 'Enregistrer les téléphones' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/agency-contracts/1:change-phones')).toHaveLength(0);

    // One number typed: the other field's error goes, the form may be sent.
    await user.type(landline, '03 20 57 64 09');
    await waitFor(() => expect(screen.queryByText('Veuillez saisir au moins un numéro de téléphone')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Enregistrer les téléphones' }));
    expect(await screen.findByText('Veuillez saisir un numéro de téléphone fixe français valide')).toBeInTheDocument();
    expect(landline).toHaveValue('03 20 57 64 09');
  });

  it('changes the contract email: 204 changed, 202 verification sent, same_email explained', async () => {
    signInCustomer();
    const answers = [
      () => new Response(null, { status: 204 }),
      () => new Response(null, { status: 202 }),
      () => json(400, { code: 'same_email', message: 'Même adresse' }),
    ];
    const api = contractApi({
      'POST /api/agency-contracts/1:open-email-address-change': () => (answers.shift() as () => Response)(),
    });
    renderRoute('/extranet/contract/1?tab=contact_info');
    const user = userEvent.setup();
    const email = await screen.findByRole('textbox', { name: /Adresse email du contrat/ });
    const save = screen.getByRole('button', { name: "Modifier l'adresse email" });

    await user.clear(email);
    await user.type(email, 'client@demo.fr');
    await user.click(save);
    expect(await screen.findByText('Adresse email modifiée')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/agency-contracts/1:open-email-address-change')[0]?.body).toEqual({
      emailAddress: 'client@demo.fr',
      redirectUrl: '/extranet/contract/1?tab=contact_info',
    });

    await user.clear(email);
    await user.type(email, 'sophie@exemple.fr');
    await user.click(save);
    expect(
      await screen.findAllByText(
        "Un email de vérification a été envoyé à sophie@exemple.fr. Cliquez sur le lien qu'il contient pour confirmer la nouvelle adresse.",
      ),
    ).not.toHaveLength(0);

    await user.click(save);
    expect(
      await screen.findByText("Cette adresse est déjà celle du contrat : aucun changement n'a été fait."),
    ).toBeInTheDocument();
    expect(email).toHaveValue('sophie@exemple.fr');
  });

  it('confirms an email change that came back with emailModified=true', async () => {
    signInCustomer();
    contractApi();
    renderRoute('/extranet/contract/1?tab=contact_info&emailModified=true');
    expect(
      await screen.findByText('La nouvelle adresse email de votre contrat est confirmée et enregistrée.'),
    ).toBeInTheDocument();
  });
});
