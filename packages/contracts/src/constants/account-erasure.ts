/**
 * RGPD issue 28 §2: a customer erases their account (« Supprimer mon compte »), and an archived staff
 * account is anonymised. What the rows say afterwards, and the refusals.
 */

/** The name an erased customer's row keeps: invoices and contracts stay linked to it (Code de commerce L123-22). */
export const ERASED_CLIENT_NAME = { firstName: 'Client', lastName: 'anonymisé' } as const;

/** The name an anonymised staff account keeps: what it wrote shows « Ancien utilisateur » as its author. */
export const FORMER_USER_NAME = { firstName: 'Ancien', lastName: 'utilisateur' } as const;

/** The text that replaces what an erased customer wrote in their demands. */
export const ERASED_MESSAGE_TEXT = '[Message supprimé à la demande du client]';

/** The undeliverable address an erased or anonymised row keeps (unique, `.invalid` is reserved, RFC 2606). */
export const erasedClientEmail = (clientId: number) => `efface-client-${clientId}@invalid`;
export const anonymizedAdminEmail = (adminId: number) => `ancien-utilisateur-${adminId}@invalid`;

/** How many years invoices are kept after an erasure (Code de commerce L123-22). */
export const INVOICE_RETENTION_YEARS = 10;

export const ACCOUNT_ERASURE_MESSAGES = {
  paymentInProgress:
    'Un paiement en ligne est en cours sur l’une de vos factures : attendez qu’il se termine avant de supprimer votre compte.',
  signatureInProgress:
    'Une signature électronique de devis est en cours : terminez-la ou attendez qu’elle expire avant de supprimer votre compte.',
  notArchived: 'Seul un compte supprimé (archivé) peut être anonymisé.',
  alreadyAnonymized: 'Ce compte est déjà anonymisé.',
} as const;
