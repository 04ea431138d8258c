import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { extranetHandlers, signInCustomer } from '../../../test/extranet-fixtures';
import { json, mockApi, renderRoute } from '../../../test/utils';

const PAYMENT_ID = '0b6f0b3e-7a53-4a1e-9d52-2f6d9a1c1e11';
const path = `/api/invoice-payments/${PAYMENT_ID}/payment-status`;

describe('payment result pages', () => {
  it('shows the success of a paid payment, with the way to the invoices and home', async () => {
    signInCustomer();
    const api = mockApi(
      extranetHandlers({
        [`GET ${path}`]: () => json(200, { is_paid: true, status: 'paid', invoiceId: 1, agencyContractId: 4 }),
      }),
    );
    renderRoute(`/extranet/payment-return?id=${PAYMENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Paiement effectué' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir mes factures' })).toHaveAttribute('href', '/extranet/contract/4?tab=invoice');
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/extranet');
    expect(api.callsTo('GET', path)).toHaveLength(1);
  });

  it('tells a payment taken for an invoice already paid that the agency refunds it', async () => {
    signInCustomer();
    const api = mockApi(
      extranetHandlers({
        [`GET ${path}`]: () => json(200, { is_paid: true, status: 'refund_due', invoiceId: 1, agencyContractId: 4 }),
      }),
    );
    renderRoute(`/extranet/payment-return?id=${PAYMENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Facture déjà réglée' })).toBeInTheDocument();
    expect(
      screen.getByText('Votre paiement a bien été reçu, mais cette facture était déjà réglée : votre agence va vous rembourser.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Paiement effectué' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir mes factures' })).toHaveAttribute('href', '/extranet/contract/4?tab=invoice');
    expect(api.callsTo('GET', path)).toHaveLength(1);
  });

  it('shows a failure for a payment that did not go through', async () => {
    signInCustomer();
    mockApi(
      extranetHandlers({
        [`GET ${path}`]: () => json(200, { is_paid: false, status: 'failed', invoiceId: 1, agencyContractId: 4 }),
      }),
    );
    renderRoute(`/extranet/payment-return?id=${PAYMENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Paiement non abouti' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toBeInTheDocument();
  });

  it('waits while the payment is pending, reading it again until it is paid', async () => {
    signInCustomer();
    let reads = 0;
    const api = mockApi(
      extranetHandlers({
        [`GET ${path}`]: () => {
          reads += 1;
          return reads < 2
            ? json(200, { is_paid: false, status: 'pending', invoiceId: 1, agencyContractId: 4 })
            : json(200, { is_paid: true, status: 'paid', invoiceId: 1, agencyContractId: 4 });
        },
      }),
    );
    renderRoute(`/extranet/payment-return?id=${PAYMENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Vérification de votre paiement…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Paiement effectué' }, { timeout: 4000 })).toBeInTheDocument();
    expect(api.callsTo('GET', path)).toHaveLength(2);
  });

  it('fails without a payment id or for a payment of someone else', async () => {
    signInCustomer();
    mockApi(extranetHandlers({ [`GET ${path}`]: () => json(404, { code: 'not_found', message: 'Introuvable' }) }));
    const { unmount } = renderRoute('/extranet/payment-return');
    expect(await screen.findByRole('heading', { name: 'Paiement non abouti' })).toBeInTheDocument();
    unmount();
    renderRoute(`/extranet/payment-return?id=${PAYMENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Paiement non abouti' })).toBeInTheDocument();
  });

  it('shows the cancelled payment', async () => {
    signInCustomer();
    mockApi(extranetHandlers());
    renderRoute('/extranet/payment-cancel');
    expect(await screen.findByRole('heading', { name: 'Paiement annulé' })).toBeInTheDocument();
    expect(screen.getByText(/aucun montant n'a été débité/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/extranet');
  });
});
