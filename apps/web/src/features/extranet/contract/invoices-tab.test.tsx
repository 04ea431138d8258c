import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { extranetHandlers, invoice, mockLocationAssign, signInCustomer } from '../../../test/extranet-fixtures';
import { type Handler, json, mockApi, renderRoute } from '../../../test/utils';
import { classifyInvoices, invoiceClass } from '../kit/invoice-classes';

function invoicesApi(list: unknown[], overrides: Record<string, Handler> = {}) {
  return mockApi(
    extranetHandlers({
      'GET /api/agency-contract-invoices/mine': () => json(200, { agencyContractInvoices: list }),
      ...overrides,
    }),
  );
}

const nbsp = (text: string) => text.replace(/\s/g, ' ');
const section = (name: string) => screen.getByRole('heading', { name }).closest('section') as HTMLElement;
const numbersIn = (element: HTMLElement) =>
  within(element)
    .getAllByRole('listitem')
    .map((li) => /Facture n° ([A-Z]+(?:-[A-Z]+)*)/.exec(li.textContent ?? '')?.[1]);

describe('invoice classification (spec 03 §4)', () => {
  it('is to be paid with something left and no local payment, paid with nothing left or paid here, unknown otherwise', () => {
    const amountIncludingTax = 18900;
    expect(invoiceClass({ amountIncludingTax, leftToPayIncludingTax: 18900, isPaidLocally: false })).toBe('toBePaid');
    expect(invoiceClass({ amountIncludingTax, leftToPayIncludingTax: 0, isPaidLocally: false })).toBe('paid');
    expect(invoiceClass({ amountIncludingTax, leftToPayIncludingTax: 18900, isPaidLocally: true })).toBe('paid');
    expect(invoiceClass({ amountIncludingTax, leftToPayIncludingTax: -4500, isPaidLocally: false })).toBe('unknown');
    // A credit note (below zero) is an avoir, whatever its balance.
    expect(invoiceClass({ amountIncludingTax: -4500, leftToPayIncludingTax: -4500, isPaidLocally: false })).toBe('creditNote');
    expect(invoiceClass({ amountIncludingTax: -4500, leftToPayIncludingTax: 0, isPaidLocally: false })).toBe('creditNote');
    // Only invoices with a file are classed.
    const groups = classifyInvoices([invoice({ id: 1 }), invoice({ id: 2, hasFile: false, fileId: null })]);
    expect(groups.toBePaid.map((i) => i.id)).toEqual([1]);
    expect(groups.paid).toEqual([]);
    expect(groups.unknown).toEqual([]);
  });
});

describe('contract page: invoice tab', () => {
  it('groups the invoices: pending payment, paid (paid here awaits validation), credit notes, unknown status with a hint', async () => {
    signInCustomer();
    const api = invoicesApi([
      invoice({ id: 1, number: 'TO-PAY' }),
      invoice({ id: 2, number: 'PAID', leftToPayIncludingTax: 0, paymentMean: 'CB', paymentDate: '2026-09-02' }),
      invoice({ id: 3, number: 'PAID-HERE', isPaidLocally: true, paymentMean: 'CB en ligne', paymentDate: '2026-11-20' }),
      invoice({ id: 4, number: 'AV-0093', amountIncludingTax: -4500, leftToPayIncludingTax: -4500 }),
      invoice({ id: 5, number: 'NO-FILE', hasFile: false, fileId: null }),
      invoice({ id: 6, number: 'ODD', leftToPayIncludingTax: -300 }),
    ]);
    renderRoute('/extranet/contract/1?tab=invoice');
    expect(await screen.findByRole('heading', { name: 'En attente de paiement' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/agency-contract-invoices/mine')[0]?.url.searchParams.get('agencyContractId')).toBe('1');

    const toPay = section('En attente de paiement');
    expect(numbersIn(toPay)).toEqual(['TO-PAY']);
    expect(toPay).toHaveTextContent(/Reste à payer : 189,00\s€ TTC/);
    expect(within(toPay).getByRole('button', { name: 'Payer en ligne la facture n° TO-PAY' })).toBeInTheDocument();

    const paid = section('Payées');
    expect(numbersIn(paid)).toEqual(['PAID', 'PAID-HERE']);
    const [paidRow, paidHereRow] = within(paid).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(paidRow).toHaveTextContent('Payée');
    expect(paidRow).toHaveTextContent('le 02-09-2026');
    expect(paidHereRow).toHaveTextContent('En cours de validation');
    expect(within(paid).queryByRole('button', { name: /Payer en ligne/ })).not.toBeInTheDocument();

    // A credit note is an avoir: its own group, named so, its amount without a minus, no status.
    const credits = section('Avoirs');
    const [credit] = within(credits).getAllByRole('listitem') as [HTMLElement];
    expect(nbsp(credit.textContent ?? '')).toContain('Avoir n° AV-0093');
    expect(nbsp(credit.textContent ?? '')).toContain('45,00 € TTC · émis le 29-10-2026');
    expect(credit).not.toHaveTextContent('-45');
    expect(credit).not.toHaveTextContent('Facture');
    expect(within(credits).queryByRole('button', { name: 'Contacter mon agence' })).not.toBeInTheDocument();

    const unknown = section('Statut inconnu');
    expect(numbersIn(unknown)).toEqual(['ODD']);
    expect(unknown).toHaveTextContent('Contactez votre agence pour en savoir plus.');
    expect(within(unknown).getByRole('button', { name: 'Contacter mon agence' })).toBeInTheDocument();

    expect(screen.queryByText('Facture n° NO-FILE')).not.toBeInTheDocument();
  });

  it('pays online: initialize-payment, then the browser goes to the payment page', async () => {
    signInCustomer();
    const assign = mockLocationAssign();
    const api = invoicesApi([invoice({ id: 1, number: 'FA-2026-0318' })], {
      'POST /api/agency-contract-invoices/1:initialize-payment': () =>
        json(200, { url: 'http://localhost/api/payment-sandbox/sbx_x' }),
    });
    renderRoute('/extranet/contract/1?tab=invoice');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Payer en ligne la facture n° FA-2026-0318' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/api/payment-sandbox/sbx_x'));
    expect(api.callsTo('POST', '/api/agency-contract-invoices/1:initialize-payment')).toHaveLength(1);
  });

  it.each([
    ['nothing_to_pay', 400, {}, 'Cette facture est déjà réglée : il ne reste rien à payer.'],
    ['amount_too_low', 400, {}, /trop faible pour un paiement en ligne \(0,99 € minimum\)/],
    ['amount_too_high', 400, {}, /dépasse le plafond du paiement en ligne \(20 000 €\)/],
    ['invalid_payment_email', 400, {}, /L'adresse email de votre contrat n'est pas valide pour le paiement en ligne/],
    ['payment_already_succeeded', 400, {}, /déjà été payée en ligne : le paiement est en cours de validation/],
    ['payment_unavailable', 400, {}, /ne propose pas encore le paiement en ligne : contactez-la/],
    [
      'validation_failed',
      400,
      { agencyId: ['Cette agence ne propose pas encore le paiement en ligne.'] },
      'Cette agence ne propose pas encore le paiement en ligne.',
    ],
    ['internal_error', 502, {}, "Le paiement n'a pas pu être lancé. Réessayez dans un instant ou contactez votre agence."],
  ])('shows %s in red under the invoice', async (code, status, errors, text) => {
    signInCustomer();
    const assign = mockLocationAssign();
    invoicesApi([invoice({ id: 1, number: 'FA-2026-0318' }), invoice({ id: 2, number: 'FA-2026-0400' })], {
      'POST /api/agency-contract-invoices/2:initialize-payment': () => json(status, { code, message: 'Erreur', errors }),
    });
    renderRoute('/extranet/contract/1?tab=invoice');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Payer en ligne la facture n° FA-2026-0400' }));
    const rows = within(section('En attente de paiement')).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    const alert = await within(rows[1]).findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(within(rows[0]).queryByRole('alert')).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says when a contract has no invoice', async () => {
    signInCustomer();
    invoicesApi([]);
    renderRoute('/extranet/contract/1?tab=invoice');
    expect(await screen.findByText('Aucune facture')).toBeInTheDocument();
  });
});
