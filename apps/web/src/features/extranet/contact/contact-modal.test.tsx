import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contract, extranetHandlers, signInCustomer } from '../../../test/extranet-fixtures';
import { json, mockApi, renderRoute } from '../../../test/utils';

const twoContracts = () =>
  json(200, {
    agencyContracts: [
      contract({ id: 1 }),
      contract({ id: 2, reference: 'TNL-2022-1187', equipmentType: 'Pompe à chaleur air/eau' }),
    ],
  });

async function openFromMenu() {
  const user = userEvent.setup();
  await user.click((await screen.findAllByRole('button', { name: 'Contacter mon agence' }))[0] as HTMLElement);
  const dialog = await screen.findByRole('dialog', { name: "Contacter Thermi'Nord Lille" });
  await within(dialog).findByRole('combobox', { name: /Motif/ });
  return { user, dialog };
}

describe('contact dialog', () => {
  it('asks for every field and at least one availability before sending', async () => {
    signInCustomer();
    const api = mockApi(extranetHandlers({ 'GET /api/agency-contracts/mine': twoContracts }));
    renderRoute('/extranet');
    const { user, dialog } = await openFromMenu();
    // From the menu: subject 3 by default, no contract chosen among two.
    expect(within(dialog).getByRole('combobox', { name: /Motif/ })).toHaveValue('3');
    expect(within(dialog).getByRole('combobox', { name: /Contrat concerné/ })).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Envoyer ma demande' }));
    expect(await screen.findByText('Merci de compléter les informations manquantes.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Veuillez remplir ce champ')).toHaveLength(2); // contract, message
    expect(within(dialog).getByText('Veuillez choisir au moins une disponibilité')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Contrat concerné/ }), '2');
    await user.type(within(dialog).getByRole('textbox', { name: /Votre message/ }), 'La pompe à chaleur fait du bruit');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer ma demande' }));
    // Still no availability: nothing is sent.
    expect(within(dialog).getByText('Veuillez choisir au moins une disponibilité')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/extranet-agency-contacts')).toHaveLength(0);
  });

  it('counts the message and says "Limite de caractères dépassée" past 2000 characters, nothing cut or sent (issue 25)', async () => {
    signInCustomer();
    const api = mockApi(extranetHandlers({ 'GET /api/agency-contracts/mine': twoContracts }));
    renderRoute('/extranet');
    const { user, dialog } = await openFromMenu();
    const message = within(dialog).getByRole('textbox', { name: /Votre message/ });
    expect(dialog).toHaveTextContent('0/2000 caractères');
    await user.click(message);
    await user.paste('x'.repeat(2000));
    expect(dialog).toHaveTextContent('2000/2000 caractères');
    expect(within(dialog).queryByText('Limite de caractères dépassée')).not.toBeInTheDocument();
    await user.paste('y');
    expect(message).toHaveValue(`${'x'.repeat(2000)}y`);
    expect(dialog).toHaveTextContent('2001/2000 caractères');
    expect(await within(dialog).findByText('Limite de caractères dépassée')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Contrat concerné/ }), '2');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Le midi' }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer ma demande' }));
    expect(within(dialog).getByText('Limite de caractères dépassée')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/extranet-agency-contacts')).toHaveLength(0);
  });

  it('sends the request with its availabilities and the menu source, then confirms', async () => {
    signInCustomer();
    const api = mockApi(
      extranetHandlers({
        'GET /api/agency-contracts/mine': twoContracts,
        'POST /api/extranet-agency-contacts': () => json(201, { id: 12 }),
      }),
    );
    renderRoute('/extranet');
    const { user, dialog } = await openFromMenu();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Contrat concerné/ }), '2');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Motif/ }), '1');
    await user.type(within(dialog).getByRole('textbox', { name: /Votre message/ }), '  Code erreur E133  ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Le midi' }));
    await user.click(within(dialog).getByRole('checkbox', { name: "L'après-midi" }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer ma demande' }));
    expect(await screen.findByText('Votre demande a bien été envoyée à votre agence.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/extranet-agency-contacts')[0]?.body).toEqual({
      agencyContractId: 2,
      extranetAgencyContactSubjectId: 1,
      source: 'extranet_menu',
      message: 'Code erreur E133',
      isAvailableInTheMorning: false,
      isAvailableAtMidday: true,
      isAvailableInTheAfternoon: true,
      isAvailableAllDay: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps what was typed when the server refuses, and shows its errors', async () => {
    signInCustomer();
    let calls = 0;
    mockApi(
      extranetHandlers({
        'POST /api/extranet-agency-contacts': () => {
          calls += 1;
          return calls === 1
            ? json(500, { code: 'internal_error', message: 'panne' })
            : json(400, {
                code: 'validation_failed',
                message: 'Merci de compléter les informations manquantes.',
                errors: { message: ['Limite de caractères dépassée'] },
              });
        },
      }),
    );
    renderRoute('/extranet');
    const { user, dialog } = await openFromMenu();
    await user.type(within(dialog).getByRole('textbox', { name: /Votre message/ }), 'Bonjour');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Le matin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer ma demande' }));
    expect(await screen.findByText("Votre demande n'a pas pu être envoyée. Réessayez dans un instant.")).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Votre message/ })).toHaveValue('Bonjour');
    expect(within(dialog).getByRole('checkbox', { name: 'Le matin' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Envoyer ma demande' }));
    expect(await within(dialog).findByText('Limite de caractères dépassée')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Votre message/ })).toHaveValue('Bonjour');
  });
});
