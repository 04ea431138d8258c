import { NOT_FOUND_SUBJECTS } from '@reseau/contracts';
import { and, eq } from 'drizzle-orm';
import type { ClientPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { agencyContractQuotations, agencyContracts } from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { ownContracts } from '../agency-contracts/policy.js';

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

/** The caller's quote with its contract, or a 404 whether it is someone else's or does not exist. */
export async function findOwnQuotation(db: DbOrTx, client: ClientPrincipal, quotationId: number) {
  const [row] = await db
    .select({
      quotation: agencyContractQuotations,
      contract: { id: agencyContracts.id, agencyId: agencyContracts.agencyId, clientId: agencyContracts.clientId },
    })
    .from(agencyContractQuotations)
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractQuotations.agencyContractId))
    .where(and(ownContracts(client), eq(agencyContractQuotations.id, quotationId)));
  if (!row) throw errors.notFound(NOT_FOUND_SUBJECTS.agencyContractQuotation);
  return row;
}
