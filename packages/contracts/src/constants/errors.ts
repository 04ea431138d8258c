import { MESSAGES } from './messages.js';
import { SECOND_FACTOR_MESSAGES } from './second-factor.js';

/** Stable error codes sent as `code` in every error response. */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'too_many_requests',
  'invalid_credentials',
  'invalid_refresh_token',
  'invalid_token',
  'same_email',
  'user_already_verified',
  'email_already_used',
  'impersonation_forbidden',
  'file_too_large',
  'file_type_not_allowed',
  'file_sanitization_failed',
  /** 429 on POST /files: the account's uploads of the last 24 hours reached the daily quota (Retry-After). */
  'upload_quota_exceeded',
  'nothing_to_pay',
  'amount_too_low',
  'amount_too_high',
  'invalid_payment_email',
  'payment_already_succeeded',
  /** The agency takes no online payment (no PayPlug key). */
  'payment_unavailable',
  /** `:accept` on a quote with a document: it is accepted by signing it. */
  'signature_required',
  'yousign_invalid_document',
  'yousign_obsolete_pdf_version',
  /** 503: the database cannot be reached for now (a retry later may succeed). */
  'database_unavailable',
  /** POST/PUT /adherent-admins: another admin of the adherent is already shown on the map; the body carries adminAdherentIds. */
  'adherent_admin_already_on_map',
  /** Answers to a spare-part announcement (spec 02 §8): see SPARE_PART_ANSWER_ERROR_CODES. */
  'spare_part_announcement_already_answered',
  'spare_part_announcement_own',
  'spare_part_announcement_expired',
  'spare_part_announcement_wrong_answer',
  /** POST /forum-posts on a closed thread (spec 02 §4). */
  'forum_thread_closed',
  /** A call with an agency API key (x-api-key) that is unknown or revoked (401). */
  'invalid_api_key',
  /** POST /monthly-results: the agency already entered that month (409). */
  'monthly_result_exists',
  /** GET /monthly-results:network-figures before the agency entered that month (409, spec 02 §8). */
  'monthly_result_missing',
  /** The second step of a sign-in or a confirmation: a wrong, reused or expired code (401). */
  'invalid_second_factor',
  /** The second step's challenge is unknown, used or over: sign in again (400). */
  'second_factor_challenge_expired',
  /** Removing the authenticator of an account whose role requires one (409). */
  'second_factor_required',
  /** "Log me in as" from a session opened without the second factor (403). */
  'impersonation_needs_second_factor',
  /** A passkey's answer that does not verify, or a passkey the platform does not know (401 at sign-in, 400 otherwise). */
  'passkey_rejected',
  /** A WebAuthn challenge already answered, expired or never given (400): ask for a new one. */
  'passkey_challenge_expired',
  /** A data export asked while one is being made for the same account (409, issue 28 §1). */
  'data_export_in_progress',
  /** « Supprimer mon compte » while a card payment or a quote's signature is in progress (409, RGPD issue 28 §2). */
  'payment_in_progress',
  'signature_in_progress',
  /** POST /adherent-users/{id}:anonymize on a live account (409) or one already anonymised (409). */
  'not_archived',
  'already_anonymized',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Codes of `:initialize-payment` that the extranet explains under the invoice (spec 03 §8). */
export const PAYMENT_START_ERROR_CODES = [
  'nothing_to_pay',
  'amount_too_low',
  'amount_too_high',
  'invalid_payment_email',
  'payment_already_succeeded',
  'payment_unavailable',
] as const satisfies readonly ErrorCode[];

/** The codes of PAYMENT_START_ERROR_CODES. */
export type PaymentStartErrorCode = (typeof PAYMENT_START_ERROR_CODES)[number];

/**
 * The French text of an error code when the refusal has nothing more precise to say: what the
 * server answers as `message` and what a screen shows for that code. A refusal of one domain with
 * words of its own (a spare-part answer, a closed thread, a monthly result…) takes them from that
 * domain's `…_MESSAGES`; a missing row says `notFoundMessage(NOT_FOUND_SUBJECTS.x)`.
 */
export const ERROR_MESSAGES = {
  validation_failed: 'Certaines informations sont invalides.',
  unauthenticated: 'Veuillez vous connecter.',
  forbidden: MESSAGES.forbidden,
  not_found: 'La ressource demandée est introuvable.',
  too_many_requests: 'Trop de tentatives, veuillez réessayer dans une minute.',
  invalid_credentials: MESSAGES.invalidLogin,
  invalid_refresh_token: 'Votre session a expiré, veuillez vous reconnecter.',
  invalid_token: 'Ce lien est invalide ou a expiré.',
  file_too_large: 'Le fichier est trop volumineux.',
  same_email: "Cette adresse est déjà celle de votre compte : aucun changement n'a été fait.",
  user_already_verified: 'Un compte client existe déjà pour cette adresse : utilisez « Mot de passe oublié ».',
  email_already_used: 'Cette adresse email est déjà utilisée par un autre compte client.',
  nothing_to_pay: 'Cette facture est déjà réglée : il ne reste rien à payer.',
  // The bounds as formatEuros writes PAYMENT_AMOUNT_MIN_CENTS and PAYMENT_AMOUNT_MAX_CENTS (no-break spaces).
  amount_too_low: 'Le montant à régler est inférieur au minimum accepté pour un paiement en ligne (0,99\u00a0€).',
  amount_too_high: 'Le montant à régler dépasse le maximum accepté pour un paiement en ligne (20\u202f000,00\u00a0€).',
  invalid_payment_email:
    "L'adresse email de votre contrat n'est pas valide : corrigez-la dans l'onglet « Coordonnées » pour payer en ligne.",
  payment_already_succeeded: 'Cette facture a déjà été payée en ligne.',
  payment_unavailable: "Le paiement en ligne n'est pas disponible pour cette agence.",
  invalid_second_factor: SECOND_FACTOR_MESSAGES.invalidCode,
  second_factor_challenge_expired: SECOND_FACTOR_MESSAGES.challengeExpired,
  second_factor_required: SECOND_FACTOR_MESSAGES.required,
  impersonation_needs_second_factor: SECOND_FACTOR_MESSAGES.impersonationNeedsSecondFactor,
  database_unavailable: 'Le service est momentanément indisponible, veuillez réessayer dans un instant.',
  internal_error: MESSAGES.generic,
} as const satisfies Partial<Record<ErrorCode, string>>;

/**
 * The screens that explain an error code in words of their own (a customer is told what to do
 * next) rather than with the server's `message`: screen → code → text. The web reads them here.
 */
export const SCREEN_ERROR_MESSAGES = {
  /** Under an invoice whose payment could not start (spec 03 §8). */
  invoicePayment: {
    nothing_to_pay: ERROR_MESSAGES.nothing_to_pay,
    payment_unavailable: 'Votre agence ne propose pas encore le paiement en ligne : contactez-la pour régler cette facture.',
    amount_too_low:
      'Le montant de cette facture est trop faible pour un paiement en ligne (0,99 € minimum). Contactez votre agence pour la régler.',
    amount_too_high:
      'Le montant de cette facture dépasse le plafond du paiement en ligne (20 000 €). Contactez votre agence pour la régler.',
    invalid_payment_email:
      "L'adresse email de votre contrat n'est pas valide pour le paiement en ligne. Corrigez-la dans l'onglet Coordonnées, puis réessayez.",
    payment_already_succeeded:
      'Cette facture a déjà été payée en ligne : le paiement est en cours de validation par votre agence.',
  } satisfies Record<PaymentStartErrorCode, string>,
  /** A quote the customer could not sign (extranet). */
  quoteSignature: {
    yousign_invalid_document: 'Le document de ce devis ne peut pas être signé électroniquement : il est illisible ou protégé.',
    yousign_obsolete_pdf_version: 'Le document de ce devis est dans un format trop ancien pour la signature électronique.',
  },
  /** A document the staff could not send in signature (intranet). */
  signatureSend: {
    yousign_invalid_document:
      'Ce PDF ne peut pas être signé électroniquement : il est illisible, protégé ou refusé par le prestataire de signature.',
    yousign_obsolete_pdf_version:
      'Ce PDF est trop ancien : la signature électronique demande un PDF en version 1.6 ou supérieure. Enregistrez-le à nouveau en PDF récent puis recommencez.',
  },
  /** The customer's own address given again as the new one (extranet personal details). */
  personalInfo: {
    same_email: "C'est déjà votre adresse email de connexion : aucun changement n'a été fait.",
    email_already_used: ERROR_MESSAGES.email_already_used,
  },
  /** A contract's own address given again (extranet contact details tab). */
  contactInfo: {
    same_email: "Cette adresse est déjà celle du contrat : aucun changement n'a été fait.",
  },
} as const;

/** A request the server cannot read (not a form's fields) and an address that is no page or route. */
export const REQUEST_MESSAGES = {
  invalid: 'Requête invalide.',
  pageNotFound: 'Page introuvable.',
} as const;

/**
 * What a 404 names, in the spec's words: the server answers `notFoundMessage(subject)`, e.g.
 * « Le sujet demandé est introuvable. ». Call sites name an entry, never write the words.
 */
export const NOT_FOUND_SUBJECTS = {
  resource: 'La ressource demandée',
  adherent: "L'adhérent",
  agency: "L'agence demandée",
  agencyApiKey: "La clé d'API demandée",
  agencyContract: 'Le contrat',
  agencyContractQuotation: 'Le devis',
  agencyPageContent: 'Le contenu demandé',
  client: 'Le client',
  contact: 'Le contact demandé',
  documentBase: 'La base documentaire demandée',
  documentBaseItem: 'Le document demandé',
  documentBaseItemCategory: 'La catégorie demandée',
  equipmentType: 'Le type d’équipement',
  forum: 'Le forum demandé',
  forumPost: 'La réponse demandée',
  forumThread: 'Le sujet demandé',
  import: "L'import demandé",
  invoice: 'La facture',
  invoicePayment: 'Le paiement',
  jobOffer: "L'offre d'emploi demandée",
  legalPage: 'La page demandée',
  monthlyResult: 'Le résultat mensuel demandé',
  networkAdmin: 'L’administrateur',
  networkActuality: "L'actualité demandée",
  networkApplication: "L'application demandée",
  notification: 'La notification demandée',
  passkey: "La clé d'accès demandée",
  prestation: 'La prestation',
  prestationText: 'Le texte',
  session: 'La session demandée',
  signatureDocument: 'Ce document à signer',
  signatureProvider: 'Ce prestataire de signature',
  sparePartAnnouncement: "L'annonce demandée",
  user: "L'utilisateur",
} as const;
export type NotFoundSubject = (typeof NOT_FOUND_SUBJECTS)[keyof typeof NOT_FOUND_SUBJECTS];

/** « <subject> est introuvable. » */
export const notFoundMessage = (subject: NotFoundSubject) => `${subject} est introuvable.` as const;

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  errors?: Record<string, string[]>;
  /** `adherent_admin_already_on_map`: the adherent admins already shown on the map. */
  adminAdherentIds?: number[];
}
