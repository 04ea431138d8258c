import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  extranetHandlers,
  fileAnswer,
  mockLocationAssign,
  mockObjectUrls,
  quotation,
  signInCustomer,
} from '../../../test/extranet-fixtures';
import { type Handler, json, mockApi, renderRoute } from '../../../test/utils';

function quotesApi(list: () => unknown[], overrides: Record<string, Handler> = {}) {
  return mockApi(
    extranetHandlers({
      'GET /api/agency-contract-quotations/mine': () => json(200, { agencyContractQuotations: list() }),
      ...overrides,
    }),
  );
}

const rowOf = (number: string) => screen.getByText(`Devis n° ${number}`).closest('li') as HTMLElement;

describe('contract page: quote tab', () => {
  it('shows each state of spec 03 §4 and lists the quotes with a file, or to decide or decided here', async () => {
    signInCustomer();
    const api = quotesApi(() => [
      quotation({ id: 1, number: 'Q-AWAIT' }),
      quotation({ id: 2, number: 'Q-UNKNOWN', isAccepted: null }),
      quotation({ id: 3, number: 'Q-SIGNED', isAccepted: true, isAcceptedLocally: true, envelopeFileId: 50 }),
      quotation({ id: 4, number: 'Q-ENVELOPE', isAccepted: false, envelopeFileId: 51 }),
      quotation({ id: 5, number: 'Q-REFUSED', isRefusedLocally: true }),
      quotation({ id: 6, number: 'Q-LOCAL', isAcceptedLocally: true }),
      quotation({ id: 7, number: 'Q-NOFILE', hasFile: false, fileId: null }),
      quotation({ id: 8, number: 'Q-NOFILE-REFUSED', hasFile: false, fileId: null, isRefusedLocally: true }),
      quotation({ id: 9, number: 'Q-NOFILE-AGENCY', hasFile: false, fileId: null, isAccepted: true }),
      quotation({ id: 10, number: 'Q-NOFILE-UNKNOWN', hasFile: false, fileId: null, isAccepted: null }),
    ]);
    renderRoute('/extranet/contract/1?tab=quote');
    expect(await screen.findByRole('heading', { name: 'Vos devis' })).toBeInTheDocument();
    await screen.findByText('Devis n° Q-AWAIT');
    expect(api.callsTo('GET', '/api/agency-contract-quotations/mine')[0]?.url.searchParams.get('agencyContractId')).toBe('1');

    expect(rowOf('Q-AWAIT')).toHaveTextContent('En attente de votre décision');
    expect(rowOf('Q-AWAIT')).toHaveTextContent(/642,40\s€ TTC/);
    expect(within(rowOf('Q-AWAIT')).getByRole('button', { name: 'Accepter et signer le devis n° Q-AWAIT' })).toBeInTheDocument();
    expect(within(rowOf('Q-AWAIT')).getByRole('button', { name: 'Refuser le devis n° Q-AWAIT' })).toBeInTheDocument();

    expect(rowOf('Q-UNKNOWN')).toHaveTextContent('Statut inconnu');
    expect(rowOf('Q-UNKNOWN')).toHaveTextContent("Le statut de ce devis n'est pas connu en ligne");
    expect(within(rowOf('Q-UNKNOWN')).queryByRole('button', { name: /Accepter|Refuser/ })).not.toBeInTheDocument();

    for (const number of ['Q-SIGNED', 'Q-ENVELOPE']) {
      expect(within(rowOf(number)).getByText('Signé')).toBeInTheDocument();
      expect(within(rowOf(number)).getByRole('button', { name: `Télécharger le devis signé n° ${number}` })).toBeInTheDocument();
    }
    expect(within(rowOf('Q-REFUSED')).getByText('Refusé')).toBeInTheDocument();
    expect(within(rowOf('Q-LOCAL')).getByText('Accepté, en cours de traitement par votre agence')).toBeInTheDocument();
    // Without a file, a quote is listed nowhere, whatever its state: the to-do list leaves it out too.
    for (const number of ['Q-NOFILE', 'Q-NOFILE-REFUSED', 'Q-NOFILE-AGENCY', 'Q-NOFILE-UNKNOWN'])
      expect(screen.queryByText(`Devis n° ${number}`)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Accepter le devis/ })).not.toBeInTheDocument();
    // A signed quote shows one status.
    expect(within(rowOf('Q-SIGNED')).getAllByText(/Signé/)).toHaveLength(1);
  });

  it('signs a quote with a file: initialize-signature, then the browser goes to the signature page', async () => {
    signInCustomer();
    const assign = mockLocationAssign();
    const api = quotesApi(() => [quotation({ id: 4 })], {
      'POST /api/agency-contract-quotations/4:initialize-signature': () =>
        json(200, { signatureUrl: '/api/esign-sandbox/uuid-1' }),
    });
    renderRoute('/extranet/contract/1?tab=quote');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Accepter et signer/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/esign-sandbox/uuid-1'));
    expect(api.callsTo('POST', '/api/agency-contract-quotations/4:initialize-signature')[0]?.body).toEqual({
      redirectUrl: '/extranet/contract/1?tab=quote&signed=true',
    });
    expect(api.callsTo('POST', '/api/agency-contract-quotations/4:accept')).toHaveLength(0);
  });

  it.each([
    [
      'yousign_invalid_document',
      'Le document de ce devis ne peut pas être signé électroniquement : il est illisible ou protégé.',
    ],
    ['yousign_obsolete_pdf_version', 'Le document de ce devis est dans un format trop ancien pour la signature électronique.'],
  ])('explains a refused signature (%s), then the generic validation error', async (code, text) => {
    signInCustomer();
    const assign = mockLocationAssign();
    quotesApi(() => [quotation({ id: 4 })], {
      'POST /api/agency-contract-quotations/4:initialize-signature': () => json(400, { code, message: 'refusé' }),
    });
    renderRoute('/extranet/contract/1?tab=quote');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Accepter et signer/ }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(
      await screen.findByText("Le devis n'a pas pu être validé. Réessayez dans un instant ou contactez votre agence."),
    ).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('refuses a quote after a confirmation, and says so when the refusal fails', async () => {
    signInCustomer();
    let attempts = 0;
    let refused = false;
    const api = quotesApi(() => [quotation({ id: 2, number: 'DE-2026-0157', isRefusedLocally: refused })], {
      'POST /api/agency-contract-quotations/2:refuse': () => {
        attempts += 1;
        if (attempts === 1) return json(500, { code: 'internal_error', message: 'panne' });
        refused = true;
        return new Response(null, { status: 204 });
      },
    });
    renderRoute('/extranet/contract/1?tab=quote');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refuser le devis n° DE-2026-0157' }));
    let dialog = await screen.findByRole('dialog', { name: 'Refuser le devis n° DE-2026-0157 ?' });
    // Cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/agency-contract-quotations/2:refuse')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Refuser le devis n° DE-2026-0157' }));
    dialog = await screen.findByRole('dialog', { name: 'Refuser le devis n° DE-2026-0157 ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuser le devis' }));
    expect(await screen.findByText(/Le devis n'a pas pu être refusé/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refuser le devis' }));
    expect(await screen.findByText('Le devis n° DE-2026-0157 a bien été refusé.')).toBeInTheDocument();
    expect(await screen.findByText('Refusé')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/agency-contract-quotations/2:refuse')).toHaveLength(2);
  });

  it('welcomes the customer back from the signature with signed=true and offers the signed quote', async () => {
    signInCustomer();
    const { clicks } = mockObjectUrls();
    const api = quotesApi(() => [quotation({ id: 4, number: 'DE-2026-0142', isAcceptedLocally: true, envelopeFileId: 60 })], {
      'GET /api/agency-contract-quotations/4/envelope': fileAnswer('Devis DE-2026-0142 signé.pdf'),
    });
    const { router } = renderRoute('/extranet/contract/1?tab=quote&signed=true');
    expect(await screen.findByText('Merci, votre devis est signé')).toBeInTheDocument();
    expect(await screen.findByText('Signé')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Télécharger le devis signé n° DE-2026-0142' }));
    await waitFor(() => expect(clicks).toEqual(['Devis DE-2026-0142 signé.pdf']));
    expect(api.callsTo('GET', '/api/agency-contract-quotations/4/envelope')).toHaveLength(1);

    // Changing tab rewrites the query: the message does not come back.
    await user.click(screen.getByRole('tab', { name: 'Factures' }));
    expect(router.state.location.search).toBe('?tab=invoice');
  });

  it('says so when the customer comes back having refused at the signature page (declined=true)', async () => {
    signInCustomer();
    quotesApi(() => [quotation({ id: 4, number: 'DE-2026-0142', isRefusedLocally: true })]);
    const { router } = renderRoute('/extranet/contract/1?tab=quote&declined=true');
    expect(await screen.findByText('Vous avez refusé ce devis')).toBeInTheDocument();
    expect(await screen.findByText('Refusé')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=quote'));
    await waitFor(() => expect(screen.queryByText('Vous avez refusé ce devis')).not.toBeInTheDocument());
  });

  it('opens the help request from the quote tab with its source', async () => {
    signInCustomer();
    const api = quotesApi(() => [], { 'POST /api/extranet-agency-contacts': () => json(201, { id: 3 }) });
    renderRoute('/extranet/contract/1?tab=quote');
    expect(await screen.findByText('Aucun devis')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: "Besoin d'aide ?" }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('combobox', { name: /Motif/ })).toHaveValue('3');
    await user.type(within(dialog).getByRole('textbox', { name: /Votre message/ }), 'Une question sur le devis');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Toute la journée' }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer ma demande' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/extranet-agency-contacts')[0]?.body).toMatchObject({
        source: 'extranet_quotes_tab',
        agencyContractId: 1,
        extranetAgencyContactSubjectId: 3,
        isAvailableAllDay: true,
      }),
    );
  });
});
