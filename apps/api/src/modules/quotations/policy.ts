import type { agencyContractQuotations } from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';

type QuotationFlags = Pick<
  typeof agencyContractQuotations.$inferSelect,
  'isAccepted' | 'isAcceptedLocally' | 'isRefusedLocally' | 'envelopeFileId'
>;

/** Spec 03 §4 "Quote": what the customer sees and may do. */
export type QuotationState = 'unknown' | 'awaiting_decision' | 'signed' | 'accepted' | 'refused';

export function quotationState(q: QuotationFlags): QuotationState {
  if (q.envelopeFileId !== null) return 'signed';
  if (q.isAcceptedLocally || q.isAccepted === true) return 'accepted';
  if (q.isRefusedLocally) return 'refused';
  if (q.isAccepted === null) return 'unknown';
  return 'awaiting_decision';
}

export const quotationErrors = {
  alreadyAccepted: () => errors.conflict('conflict', 'Ce devis a déjà été accepté.'),
  alreadyRefused: () => errors.conflict('conflict', 'Ce devis a déjà été refusé.'),
  unknownState: () =>
    errors.conflict('conflict', "Le statut de ce devis est inconnu : contactez votre agence pour l'accepter ou le refuser."),
  signatureRequired: () =>
    new AppError(
      'signature_required',
      400,
      'Ce devis doit être signé électroniquement : utilisez la signature en ligne pour l’accepter.',
    ),
  nothingToSign: () => new AppError('validation_failed', 400, "Ce devis n'a pas de document à signer : acceptez-le directement."),
  invalidDocument: () =>
    new AppError(
      'yousign_invalid_document',
      400,
      "Le document de ce devis ne peut pas être signé électroniquement : il est illisible ou protégé. Contactez votre agence pour qu'elle vous l'envoie à nouveau.",
    ),
  obsoletePdfVersion: () =>
    new AppError(
      'yousign_obsolete_pdf_version',
      400,
      'Le document de ce devis est dans une version PDF trop ancienne pour la signature électronique (version 1.6 au minimum). Contactez votre agence.',
    ),
  inPreparation: () =>
    errors.conflict('conflict', 'Une demande de signature de ce devis est en cours de préparation, réessayez dans un instant.'),
  providerUnavailable: () =>
    new AppError(
      'internal_error',
      502,
      'Le service de signature électronique ne répond pas pour le moment, veuillez réessayer dans quelques minutes.',
    ),
};

/** The customer may decide (accept, refuse, sign) only on a quote awaiting decision. */
export function assertAwaitingDecision(q: QuotationFlags): void {
  const state = quotationState(q);
  if (state === 'signed' || state === 'accepted') throw quotationErrors.alreadyAccepted();
  if (state === 'refused') throw quotationErrors.alreadyRefused();
  if (state === 'unknown') throw quotationErrors.unknownState();
}
