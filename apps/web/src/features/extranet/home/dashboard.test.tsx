import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentAgency } from '../../../lib/session';
import {
  contract,
  extranetHandlers,
  fileAnswer,
  mockLocationAssign,
  mockObjectUrls,
  serviceCall,
  signInCustomer,
  toDoItem,
} from '../../../test/extranet-fixtures';
import { agencyDetail, errorNotices, json, mockApi, queriesSettled, renderRoute, signInAs } from '../../../test/utils';

const nbsp = (text: string) => text.replace(/\s/g, ' ');

describe('extranet dashboard', () => {
  it('lists what is to do, quotes then invoices, with their amounts TTC, open by default and foldable', async () => {
    signInCustomer();
    const api = mockApi(
      extranetHandlers({
        'GET /api/my-to-do-list': () =>
          json(200, {
            toDoList: [
              toDoItem({ id: 2, number: 'DE-2026-0157', amountIncludingTax: 34265 }),
              toDoItem({ type: 'invoice', id: 7, number: 'FA-2026-0318', amountIncludingTax: 18900, fileId: 8 }),
            ],
          }),
      }),
    );
    renderRoute('/extranet');
    const section = await screen.findByRole('region', { name: 'À faire' });
    expect(within(section).getByRole('button', { name: /À faire/ })).toHaveAttribute('aria-expanded', 'true');
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((i) => nbsp(i.textContent ?? ''))).toEqual([
      expect.stringMatching(/Devis n° DE-2026-0157.*342,65 € TTC/),
      expect.stringMatching(/Facture n° FA-2026-0318.*189,00 € TTC/),
    ]);
    expect(
      within(items[0] as HTMLElement).getByRole('button', { name: 'Accepter et signer le devis n° DE-2026-0157' }),
    ).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByRole('button', { name: 'Refuser le devis n° DE-2026-0157' })).toBeInTheDocument();
    expect(
      within(items[1] as HTMLElement).getByRole('button', { name: 'Payer en ligne la facture n° FA-2026-0318' }),
    ).toBeInTheDocument();
    // The list asks for the current agency.
    expect(api.callsTo('GET', '/api/my-to-do-list')[0]?.url.searchParams.get('agencyId')).toBe('1');

    // Folds away on demand.
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: /À faire/ }));
    expect(within(section).getByRole('button', { name: /À faire/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows no to-do list when nothing is to do', async () => {
    signInCustomer();
    mockApi(extranetHandlers());
    renderRoute('/extranet');
    expect(await screen.findByRole('heading', { name: 'Mes contrats' })).toBeInTheDocument();
    await screen.findByText('TNL-2019-0412');
    expect(screen.queryByRole('region', { name: 'À faire' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Suivi de mes demandes' })).not.toBeInTheDocument();
  });

  it('signs a quote of the list: the browser goes to the signature page, back to the quote tab afterwards', async () => {
    signInCustomer();
    const assign = mockLocationAssign();
    const api = mockApi(
      extranetHandlers({
        'GET /api/my-to-do-list': () => json(200, { toDoList: [toDoItem({ id: 2, agencyContractId: 5 })] }),
        'POST /api/agency-contract-quotations/2:initialize-signature': () =>
          json(200, { signatureUrl: '/api/esign-sandbox/abc' }),
      }),
    );
    renderRoute('/extranet');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Accepter et signer le devis/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/esign-sandbox/abc'));
    expect(api.callsTo('POST', '/api/agency-contract-quotations/2:initialize-signature')[0]?.body).toEqual({
      redirectUrl: '/extranet/contract/5?tab=quote&signed=true',
    });
  });

  it('refuses a quote of the list after a confirmation, then refreshes the list', async () => {
    signInCustomer();
    let refused = false;
    const api = mockApi(
      extranetHandlers({
        'GET /api/my-to-do-list': () => json(200, { toDoList: refused ? [] : [toDoItem({ id: 2, number: 'DE-2026-0157' })] }),
        'POST /api/agency-contract-quotations/2:refuse': () => {
          refused = true;
          return new Response(null, { status: 204 });
        },
      }),
    );
    renderRoute('/extranet');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refuser le devis n° DE-2026-0157' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuser le devis n° DE-2026-0157 ?' });
    expect(api.callsTo('POST', '/api/agency-contract-quotations/2:refuse')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Refuser le devis' }));
    expect(await screen.findByText('Le devis n° DE-2026-0157 a bien été refusé.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/agency-contract-quotations/2:refuse')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'À faire' })).not.toBeInTheDocument());
  });

  it('pays an invoice of the list, and shows why a payment cannot start under the invoice', async () => {
    signInCustomer();
    const assign = mockLocationAssign();
    mockApi(
      extranetHandlers({
        'GET /api/my-to-do-list': () =>
          json(200, {
            toDoList: [
              toDoItem({ type: 'invoice', id: 7, number: 'FA-2026-0318', fileId: 8 }),
              toDoItem({ type: 'invoice', id: 9, number: 'FA-2026-0400', fileId: 10 }),
            ],
          }),
        'POST /api/agency-contract-invoices/7:initialize-payment': () =>
          json(200, { url: 'http://localhost/api/payment-sandbox/sbx_1' }),
        'POST /api/agency-contract-invoices/9:initialize-payment': () =>
          json(400, { code: 'amount_too_low', message: 'Montant trop faible' }),
      }),
    );
    renderRoute('/extranet');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Payer en ligne la facture n° FA-2026-0400' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/trop faible pour un paiement en ligne \(0,99 € minimum\)/);
    await user.click(screen.getByRole('button', { name: 'Payer en ligne la facture n° FA-2026-0318' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/api/payment-sandbox/sbx_1'));
  });

  it('downloads the documents of the list under their sanitized names, several at once', async () => {
    signInCustomer();
    const { clicks } = mockObjectUrls();
    const api = mockApi(
      extranetHandlers({
        'GET /api/my-to-do-list': () =>
          json(200, {
            toDoList: [toDoItem({ fileId: 11 }), toDoItem({ type: 'invoice', id: 7, number: 'FA-2026-0318', fileId: 8 })],
          }),
        'GET /api/files/11': fileAnswer('Devis DE-2026-0142.pdf'),
        'GET /api/files/8': fileAnswer('Facture FA-2026-0318.pdf'),
      }),
    );
    renderRoute('/extranet');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Télécharger : Devis n° DE-2026-0142' }));
    await user.click(screen.getByRole('button', { name: 'Télécharger : Facture n° FA-2026-0318' }));
    await waitFor(() => expect(clicks).toEqual(expect.arrayContaining(['Devis DE-2026-0142.pdf', 'Facture FA-2026-0318.pdf'])));
    expect(api.callsTo('GET', '/api/files/11')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/files/8')).toHaveLength(1);
  });

  it('says « Le fichier demandé est introuvable » when a document of the list is not there (404)', async () => {
    signInCustomer();
    mockObjectUrls();
    mockApi(
      extranetHandlers({
        'GET /api/my-to-do-list': () => json(200, { toDoList: [toDoItem({ fileId: 11 })] }),
        'GET /api/files/11': () => json(404, { code: 'file_not_found', message: 'Le fichier demandé est introuvable' }),
      }),
    );
    renderRoute('/extranet');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Télécharger : Devis n° DE-2026-0142' }));
    // Shown or queued (earlier tests' popovers may still fill the screen's five places).
    await waitFor(() => expect(errorNotices()).toContain('Le fichier demandé est introuvable'), { timeout: 5000 });
  });

  it('groups the contracts by address, each with its renewal link and contact buttons', async () => {
    signInCustomer();
    const api = mockApi(
      extranetHandlers({
        'GET /api/agency-contracts/mine': () =>
          json(200, {
            agencyContracts: [
              contract({ id: 1, reference: 'TNL-2019-0412' }),
              contract({
                id: 3,
                reference: 'FE-2021-0087',
                route: '38 digue de Mer',
                postalCode: '59240',
                locality: 'Dunkerque',
              }),
              contract({ id: 2, reference: 'TNL-2022-1187', equipmentType: 'Pompe à chaleur air/eau', renewalDate: null }),
            ],
          }),
      }),
    );
    renderRoute('/extranet');
    const home = await screen.findByRole('heading', { name: '14 rue Jean sans Peur, 59000 Lille' });
    const dunkerque = screen.getByRole('heading', { name: '38 digue de Mer, 59240 Dunkerque' });
    const groupOf = (heading: HTMLElement) => heading.parentElement?.parentElement as HTMLElement;
    expect(
      within(groupOf(home))
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Chaudière gaz à condensation – TNL-2019-0412', 'Pompe à chaleur air/eau – TNL-2022-1187']);
    expect(within(groupOf(dunkerque)).getAllByRole('article')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/agency-contracts/mine')[0]?.url.searchParams.get('agencyId')).toBe('1');

    const card = screen.getByRole('article', { name: 'Chaudière gaz à condensation – TNL-2019-0412' });
    expect(within(card).getByText('05-02-2027')).toBeInTheDocument();
    const renew = within(card).getByRole('link', { name: /Renouveler mon contrat/ });
    expect(renew).toHaveAttribute('href', 'https://www.reseau-energie.fr/agences/1-thermi-nord-lille?payment=open');
    expect(renew).toHaveAttribute('target', '_blank');
    expect(renew).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(card).getByRole('link', { name: /Voir le contrat/ })).toHaveAttribute('href', '/extranet/contract/1');
    const heatPump = screen.getByRole('article', { name: 'Pompe à chaleur air/eau – TNL-2022-1187' });
    expect(within(heatPump).getByText('Non renseigné')).toBeInTheDocument();

    // "Signaler une panne": subject 1, this contract preselected.
    const user = userEvent.setup();
    await user.click(within(heatPump).getByRole('button', { name: 'Signaler une panne' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('combobox', { name: /Motif/ })).toHaveValue('1');
    expect(within(dialog).getByRole('combobox', { name: /Contrat concerné/ })).toHaveValue('2');
  });

  it('opens the maintenance appointment request with subject 2 and sends the contracts-page source', async () => {
    signInCustomer();
    const api = mockApi(extranetHandlers({ 'POST /api/extranet-agency-contacts': () => json(201, { id: 9 }) }));
    renderRoute('/extranet');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Prendre rendez-vous pour l'entretien" }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('combobox', { name: /Motif/ })).toHaveValue('2');
    await user.type(within(dialog).getByRole('textbox', { name: /Votre message/ }), 'Entretien annuel à prévoir');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Le matin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer ma demande' }));
    expect(await screen.findByText('Votre demande a bien été envoyée à votre agence.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/extranet-agency-contacts')[0]?.body).toMatchObject({
      agencyContractId: 1,
      extranetAgencyContactSubjectId: 2,
      source: 'extranet_contracts_page',
      isAvailableInTheMorning: true,
    });
  });

  it('tracks each service call in five steps, closed by default', async () => {
    signInCustomer();
    const { clicks } = mockObjectUrls();
    mockApi(
      extranetHandlers({
        'GET /api/agency-contract-service-calls/mine': () =>
          json(200, {
            agencyContractServiceCalls: [
              serviceCall({ id: 1, requestDate: '2026-11-19', appointmentDate: '2099-01-10', appointmentTime: '14:00' }),
              serviceCall({
                id: 2,
                requestDate: '2026-10-23',
                appointmentDate: '2026-10-28',
                appointmentTime: '10:00',
                voucherId: 14,
                invoiceId: 7,
                agencyContractId: 1,
              }),
            ],
          }),
        'GET /api/my-to-do-list': () => json(200, { toDoList: [toDoItem({ type: 'invoice', id: 7, fileId: 8 })] }),
        'GET /api/files/14': fileAnswer("Bon d'intervention BI-2026-0377.pdf"),
      }),
    );
    renderRoute('/extranet');
    const section = await screen.findByRole('region', { name: 'Suivi de mes demandes' });
    const toggle = within(section).getByRole('button', { name: /Suivi de mes demandes/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const user = userEvent.setup();
    await user.click(toggle);

    // The steps are rendered once the panel opens (after the click's state update).
    const first = await within(section).findByRole('list', { name: 'Avancement : Demande du 19-11-2026' });
    const firstSteps = within(first).getAllByRole('listitem');
    expect(firstSteps.map((s) => s.getAttribute('data-state'))).toEqual(['done', 'current', 'upcoming', 'upcoming', 'upcoming']);
    expect(firstSteps[1]).toHaveAttribute('aria-current', 'step');
    expect(firstSteps[1]).toHaveTextContent('Le 10-01-2099 à 14h00');
    expect(firstSteps[0]).toHaveTextContent('14 rue Jean sans Peur, 59000 Lille');

    const second = within(section).getByRole('list', { name: 'Avancement : Demande du 23-10-2026' });
    const secondSteps = within(second).getAllByRole('listitem');
    // Its invoice is in the to-do list, to pay: the online payment is the step it is at, not ticked.
    expect(secondSteps.map((s) => s.getAttribute('data-state'))).toEqual(['done', 'done', 'done', 'current', 'upcoming']);
    expect(secondSteps[3]).toHaveAttribute('aria-current', 'step');
    expect(within(secondSteps[3] as HTMLElement).getByRole('link', { name: 'Régler ma facture en ligne' })).toHaveAttribute(
      'href',
      '/extranet/contract/1?tab=invoice',
    );
    await user.click(within(secondSteps[2] as HTMLElement).getByRole('button', { name: /bon d'intervention/i }));
    await waitFor(() => expect(clicks).toEqual(["Bon d'intervention BI-2026-0377.pdf"]));
  });

  const withAd = (fileId: number) => ({
    ...agencyDetail(1, "Thermi'Nord Lille", 'Lille', '59000'),
    extranetAdvertisementFileId: fileId,
    extranetAdvertisementFilePath: `/api/files/${fileId}`,
  });
  const image = () => new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 });

  it("shows the agency's advertisement once per advertisement and customer, then gives the focus back to the page", async () => {
    signInCustomer();
    mockObjectUrls();
    let ad = 40;
    const api = mockApi(
      extranetHandlers({
        'GET /api/agencies/1': () => json(200, withAd(ad)),
        'GET /api/files/40': image,
        'GET /api/files/41': image,
      }),
    );
    const first = renderRoute('/extranet');
    const dialog = await screen.findByRole('dialog', { name: "Une offre de Thermi'Nord Lille" });
    expect(within(dialog).getByRole('img', { name: "Offre de l'agence Thermi'Nord Lille" })).toHaveAttribute('src', 'blob:test');
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('main')));
    first.unmount();

    // Signed in again (a new browser session): the same advertisement stays closed.
    sessionStorage.clear();
    signInCustomer();
    const second = renderRoute('/extranet');
    await screen.findByRole('heading', { name: 'Mes contrats' });
    await screen.findByText('TNL-2019-0412');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/files/40')).toHaveLength(1);
    second.unmount();

    // A new advertisement of the agency is shown, once.
    ad = 41;
    renderRoute('/extranet');
    expect(await screen.findByRole('dialog', { name: "Une offre de Thermi'Nord Lille" })).toBeInTheDocument();
  });

  it('shows no advertisement on an account without a contract', async () => {
    signInAs('extranet', { sub: '77', given_name: 'Nina' });
    setCurrentAgency({ id: 1, name: "Thermi'Nord Lille", city: 'Lille', postalCode: '59000' });
    mockObjectUrls();
    const api = mockApi(
      extranetHandlers({
        'GET /api/agencies/1': () => json(200, withAd(40)),
        'GET /api/files/40': image,
        'GET /api/agency-contracts/mine': () => json(200, { agencyContracts: [] }),
      }),
    );
    renderRoute('/extranet');
    await screen.findByRole('heading', { name: /^Bonjour Nina/ });
    await queriesSettled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/files/40')).toEqual([]);
  });
});
