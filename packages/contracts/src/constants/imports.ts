/**
 * Agency data imports (issue 11): what an agency's software sends to POST /imports with its key.
 * Item types are processed in this order, so that an item may point at one sent earlier in the
 * same batch (a contract at its client, a quotation at its contract...).
 */
export const IMPORT_ITEM_TYPES = ['client', 'contract', 'quotation', 'invoice', 'serviceCall', 'document'] as const;
export type ImportItemType = (typeof IMPORT_ITEM_TYPES)[number];
export const IMPORT_STATUSES = ['created', 'updated', 'unchanged', 'error'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_SOURCES = ['api', 'csv'] as const;
/** Items per call: a night's changes fit in a few calls, a call stays well under a minute. */
export const IMPORT_MAX_ITEMS = 5000;
/** Bytes of a JSON batch: 5 000 items of about 1 kB, with room. */
export const IMPORT_MAX_BODY_BYTES = 10 * 1024 * 1024;
export const IMPORT_EXTERNAL_REF_MAX = 100;
export const IMPORT_MESSAGES = {
  tooManyItems: `Un envoi contient au plus ${IMPORT_MAX_ITEMS} éléments : découpez-le en plusieurs envois.`,
  noItems: 'Un envoi contient au moins un élément.',
  unknownType: `Type inconnu : les types possibles sont ${IMPORT_ITEM_TYPES.join(', ')}.`,
  notText: 'Veuillez saisir un texte',
  notAnObject: 'Chaque élément doit être un objet JSON.',
  unknownClient: "Aucun client de l'agence n'a cette adresse email : importez d'abord le client.",
  unknownContract: "Aucun contrat de l'agence n'a cette référence : importez d'abord le contrat.",
  unknownQuotation: "Aucun devis de l'agence n'a cette référence : importez d'abord le devis.",
  unknownInvoice: "Aucune facture de l'agence n'a cette référence : importez d'abord la facture.",
  otherContract: "Cet élément appartient à un autre contrat que celui de l'intervention.",
  emailLocked: "L'adresse email d'un client déjà importé ne peut pas changer : importez-le sous une nouvelle référence.",
  csvTypeRequired: 'Indiquez le type des éléments du fichier CSV : ?type=client, contract, quotation...',
  duplicateInBatch: 'Cette référence figure déjà plus haut dans cet envoi.',
  invalidDate: 'Veuillez saisir une date au format AAAA-MM-JJ',
  invalidAmount: 'Veuillez saisir un montant en centimes (nombre entier positif ou nul)',
  leftToPayAboveAmount: 'Le reste à payer ne peut pas dépasser le montant de la facture',
  invalidTime: 'Veuillez saisir une heure au format HH:MM',
  erasedClient:
    'Ce client a supprimé son compte : il n’est pas recréé. S’il redevient votre client, envoyez-le avec "isNewCustomer": true (colonne isNewCustomer=true en CSV).',
} as const;

/** Item types that hold a PDF, attached with PUT /imports/files/{type}/{externalRef} (file type 14). */
export const IMPORT_FILE_ITEM_TYPES = ['quotation', 'invoice', 'serviceCall', 'document'] as const;
export type ImportFileItemType = (typeof IMPORT_FILE_ITEM_TYPES)[number];
export const IMPORT_FILE_TYPE_ID = 14;
export const IMPORT_FILE_MESSAGES = {
  unknownItem: "Aucun élément importé de ce type n'a cette référence dans l'agence",
  unknownType: `Type inconnu : les types possibles sont ${IMPORT_FILE_ITEM_TYPES.join(', ')}.`,
} as const;

/** GET /imports/changes: what customers did in the extranet that the agency's software should know. */
export const IMPORT_CHANGE_KINDS = [
  'quotation_accepted',
  'quotation_signed',
  'quotation_refused',
  'invoice_paid',
  'contract_email_changed',
  'contract_phones_changed',
] as const;
export type ImportChangeKind = (typeof IMPORT_CHANGE_KINDS)[number];
/** Changes per page of the feed. */
export const IMPORT_CHANGES_PAGE = 500;
