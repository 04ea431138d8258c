import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, NOT_FOUND_SUBJECTS, notFoundMessage } from './constants/errors.js';
import * as constants from './constants/index.js';
import { userVisibleMessages } from './message-catalogue.js';

/**
 * Every French message of the catalogue, word for word. A changed word, a new message or a
 * removed one fails here: change the words below only when the change is meant (and the spec
 * allows it), in the same commit. Messages that take a value are written with the samples of
 * `SAMPLE_ARGUMENTS` (message-catalogue.ts).
 */
const GOLDEN = {
  ACCOUNT_ERASURE_MESSAGES: {
    paymentInProgress:
      'Un paiement en ligne est en cours sur l’une de vos factures : attendez qu’il se termine avant de supprimer votre compte.',
    signatureInProgress:
      'Une signature électronique de devis est en cours : terminez-la ou attendez qu’elle expire avant de supprimer votre compte.',
    notArchived: 'Seul un compte supprimé (archivé) peut être anonymisé.',
    alreadyAnonymized: 'Ce compte est déjà anonymisé.',
  },
  ADHERENT_MESSAGES: {
    adminAlreadyOnMap: 'Un administrateur adhérent est déjà affiché sur la carte pour cet adhérent.',
    protectedRole: 'Vous ne pouvez pas modifier un dirigeant adhérent ni un responsable d’agence.',
    adherentRoleOnly: 'Choisissez un rôle d’utilisateur adhérent.',
    unknownRegion: 'Cette région n’existe pas.',
  },
  ADHERENT_USER_MESSAGES: {
    adherentAgenciesOnly: "Choisissez des agences de l'adhérent.",
    emailUsed: 'Cette adresse email est déjà utilisée.',
    adherentFixed: "L'adhérent d'un utilisateur ne change pas.",
    agenciesRequired: 'Choisissez au moins une agence.',
    ownAgenciesOnly: 'Choisissez des agences dont vous avez la charge.',
    oneAdherentOnly: 'Les agences choisies doivent appartenir au même adhérent.',
    adherentRequired: 'Précisez un adhérent (adherentId), une agence (agencyId) ou un utilisateur (adminId).',
    adherentUnchanged: 'Un utilisateur reste rattaché à son adhérent.',
  },
  AGENCY_API_KEY_MESSAGES: {
    invalidKey: "Clé d'API invalide ou révoquée.",
    tooManyFailures: "Trop d'appels avec une clé d'API invalide depuis cette adresse : réessayez dans une minute.",
    tooMany: "Cette agence a déjà 10 clés actives : révoquez-en une avant d'en créer une autre.",
  },
  AGENCY_MESSAGES: {
    notNumeric: 'Veuillez saisir un nombre',
    invalidUrl: 'Veuillez saisir une adresse web valide',
    tooManyLogos: 'Au plus 6 logos',
    duplicateLogo: 'Ce logo est déjà sur la page',
    agencyNameDiffers: 'agencyName et name désignent le même nom : indiquez le même.',
  },
  AGENCY_PAGE_CONTENT_MESSAGES: {
    unknownAgency: "Cette agence n'existe pas.",
    agencyFixed: "Un contenu ne change pas d'agence.",
    invalidVideoUrl: 'Veuillez saisir une adresse web valide (https://…)',
    fileNotFound: "L'illustration est introuvable : ajoutez-la de nouveau.",
  },
  AUDIT_LOG_MESSAGES: {
    dateOrder: 'La date de fin doit suivre la date de début',
    unknownAction: 'Action inconnue',
  },
  AVAILABILITY_REQUIRED_MESSAGE: 'Veuillez choisir au moins une disponibilité',
  CLIENT_ACCOUNT_MESSAGES: {
    unknownCustomer:
      "Cette adresse n'est pas celle d'un client d'une agence du réseau. Utilisez l'adresse email donnée à votre agence ou contactez-la.",
  },
  DATA_EXPORT_MESSAGES: {
    inProgress: 'Un export de ces données est déjà en préparation : vous recevrez un e-mail dès qu’il sera prêt.',
    linkInvalid: 'Ce lien de téléchargement n’est plus valable : demandez un nouvel export de vos données.',
  },
  DOCUMENT_BASE_MESSAGES: {
    tooManyIllustrations: '2 illustrations au maximum.',
    tooManyJoinedFiles: '4 fichiers au maximum.',
    fileNotFound: 'Un fichier est introuvable : ajoutez-le de nouveau.',
    noImageInContent: "Le texte d'un document ne peut pas contenir d'image : ajoutez-la en illustration.",
    unknownBase: 'Cette base documentaire est introuvable.',
    categoryNotInBase: "Cette catégorie n'appartient pas à la base documentaire.",
    typeNotInCategory: "Ce type n'appartient pas à la catégorie choisie.",
    typeRequired: 'Choisissez un type pour cette catégorie.',
    baseNotWritable: 'Vous ne pouvez pas écrire dans cette base documentaire.',
  },
  ERROR_MESSAGES: {
    validation_failed: 'Certaines informations sont invalides.',
    unauthenticated: 'Veuillez vous connecter.',
    forbidden: "Vous n'avez pas les accès requis...",
    not_found: 'La ressource demandée est introuvable.',
    too_many_requests: 'Trop de tentatives, veuillez réessayer dans une minute.',
    invalid_credentials: "Votre adresse email ou votre mot de passe n'est pas valide.",
    invalid_refresh_token: 'Votre session a expiré, veuillez vous reconnecter.',
    invalid_token: 'Ce lien est invalide ou a expiré.',
    invalid_second_factor: 'Code invalide ou déjà utilisé.',
    second_factor_challenge_expired: 'Cette étape de connexion a expiré : reconnectez-vous.',
    second_factor_required: 'Votre rôle impose la double authentification : vous ne pouvez pas la retirer.',
    impersonation_needs_second_factor:
      "Pour vous connecter en tant qu'un autre utilisateur, reconnectez-vous avec votre double authentification.",
    file_too_large: 'Le fichier est trop volumineux.',
    same_email: "Cette adresse est déjà celle de votre compte : aucun changement n'a été fait.",
    user_already_verified: 'Un compte client existe déjà pour cette adresse : utilisez « Mot de passe oublié ».',
    email_already_used: 'Cette adresse email est déjà utilisée par un autre compte client.',
    nothing_to_pay: 'Cette facture est déjà réglée : il ne reste rien à payer.',
    amount_too_low: 'Le montant à régler est inférieur au minimum accepté pour un paiement en ligne (0,99\u00a0€).',
    amount_too_high: 'Le montant à régler dépasse le maximum accepté pour un paiement en ligne (20\u202f000,00\u00a0€).',
    invalid_payment_email:
      "L'adresse email de votre contrat n'est pas valide : corrigez-la dans l'onglet « Coordonnées » pour payer en ligne.",
    payment_already_succeeded: 'Cette facture a déjà été payée en ligne.',
    payment_unavailable: "Le paiement en ligne n'est pas disponible pour cette agence.",
    database_unavailable: 'Le service est momentanément indisponible, veuillez réessayer dans un instant.',
    internal_error: 'Une erreur est survenue',
  },
  FILE_MESSAGES: {
    notMultipart: 'Le fichier doit être envoyé en multipart/form-data',
    unreadable: 'Le fichier n’a pas pu être lu, veuillez réessayer',
    incompleteForm: 'Le formulaire envoyé est incomplet.',
    unknownType: 'Type de fichier inconnu',
    empty: 'Le fichier est vide',
    tooLarge: 'Le fichier est trop volumineux : la taille maximale est de 5 Mo.',
    typeNotAllowed: "Ce type de fichier n'est pas accepté. Formats acceptés : PDF, PNG.",
    uploadQuotaExceeded:
      "Vous avez atteint la limite d'envoi de fichiers pour aujourd'hui. Réessayez demain ou contactez votre administrateur.",
  },
  FORUM_MESSAGES: {
    threadClosed: 'Ce sujet est clos : il ne reçoit plus de réponse.',
    tooManyJoinedFiles: '2 fichiers joints au maximum.',
    fileNameRequired: 'Donnez un nom à ce fichier.',
    fileRequired: 'Ajoutez le fichier qui porte ce nom.',
    fileNotFound: 'Un fichier est introuvable : ajoutez-le de nouveau.',
    unknownTheme: "Ce thème n'existe pas dans ce forum.",
    agencyRequired: 'Choisissez une agence.',
    noImageInContent: "Un message du forum ne peut pas contenir d'image : ajoutez-la en pièce jointe.",
  },
  IDENTIFIER_MESSAGES: {
    phone: 'Veuillez saisir un numéro de téléphone français valide (10 chiffres commençant par 0, ou +33)',
    postalCode: 'Veuillez saisir un code postal de 5 chiffres',
    siren: 'Veuillez saisir un numéro SIREN valide (9 chiffres)',
    siret: 'Veuillez saisir un numéro SIRET valide (14 chiffres)',
  },
  IMPORT_FILE_MESSAGES: {
    unknownItem: "Aucun élément importé de ce type n'a cette référence dans l'agence",
    unknownType: 'Type inconnu : les types possibles sont quotation, invoice, serviceCall, document.',
  },
  IMPORT_MESSAGES: {
    tooManyItems: 'Un envoi contient au plus 5000 éléments : découpez-le en plusieurs envois.',
    noItems: 'Un envoi contient au moins un élément.',
    unknownType: 'Type inconnu : les types possibles sont client, contract, quotation, invoice, serviceCall, document.',
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
  },
  INVALID_CONTACT_MESSAGE: 'Merci de compléter les informations manquantes.',
  INVALID_LINK_MESSAGE: 'Lien expiré ou invalide',
  JOB_OFFER_MESSAGES: {
    invalidRecipient: "L'adresse « {adresse} » n'est pas une adresse email valide",
    tooManyRecipients: 'Au plus 20 destinataires',
    duplicateRecipient: "L'adresse « {adresse} » est en double",
    templateNotActive: "Un modèle n'est jamais publié : il sert de point de départ aux agences.",
    templateForbidden: 'Seuls les rôles réseau peuvent enregistrer un modèle.',
    agencyRequired: 'Choisissez une agence',
    expiredBeforeToday: "La date d'expiration ne peut pas être passée",
    unknownRegion: 'Cette région est inconnue',
  },
  LEGAL_PAGE_MESSAGES: {
    noImageInContent: "Une page légale ne peut pas contenir d'image.",
  },
  MESSAGES: {
    required: 'Veuillez remplir ce champ',
    tooLong: 'Limite de caractères dépassée',
    invalidEmail: 'Veuillez saisir une adresse email valide',
    passwordRule: 'Le mot de passe doit contenir au moins 8 caractères, dont une minuscule, une majuscule et un chiffre.',
    commonPassword: 'Ce mot de passe est trop courant : choisissez-en un autre.',
    confirmation: 'Les deux mots de passe ne sont pas identiques.',
    wrongCurrentPassword: "Le mot de passe actuel n'est pas le bon.",
    wrongActivationPassword: "Ce mot de passe n'est pas celui choisi lors de votre demande de première connexion.",
    invalidLogin: "Votre adresse email ou votre mot de passe n'est pas valide.",
    forbidden: "Vous n'avez pas les accès requis...",
    fileNotFound: 'Le fichier demandé est introuvable',
    generic: 'Une erreur est survenue',
    unknownValue: 'Valeur inconnue',
  },
  MONTHLY_RESULT_MESSAGES: {
    missing: 'Vous devez saisir vos chiffres pour ce mois afin de voir les chiffres du réseau',
    exists: 'Les chiffres de ce mois ont déjà été saisis pour cette agence : modifiez-les plutôt.',
    future: 'On ne peut pas saisir les chiffres d’un mois qui n’est pas encore commencé.',
    notInteger: 'Saisissez un nombre entier positif ou nul',
    notNumber: 'Saisissez un nombre (chiffres seulement)',
    tooBig: 'Saisissez un nombre entre 0 et 1 000 000',
    unknownBrand: 'Cette marque est inconnue',
    unknownEquipment: 'Cet équipement est inconnu',
    wrongSection: '« {nom} » ne fait pas partie de cette rubrique',
    duplicate: 'Une même ligne est saisie deux fois',
  },
  NETWORK_ACTUALITY_MESSAGES: {
    unknownCategory: 'Cette catégorie est inconnue.',
    tooManyIllustrations: '2 illustrations au maximum.',
    tooManyJoinedFiles: '4 fichiers joints au maximum.',
    fileNotFound: 'Un fichier est introuvable : ajoutez-le de nouveau.',
    noImageInContent: "Le texte d'une actualité ne peut pas contenir d'image : ajoutez-la en illustration.",
  },
  NETWORK_ADMIN_MESSAGES: {
    networkRoleRequired: 'Veuillez choisir un rôle du réseau.',
    emailAlreadyUsed: 'Cette adresse email est déjà utilisée par un autre compte.',
    superAdminCannotBeDisabled: 'Le super administrateur (rôle 1) ne peut pas être désactivé.',
    superAdminReserved:
      "Seul un super administrateur réseau peut donner ou retirer ce rôle, ou changer l'adresse, le rôle ou l'état d'un super administrateur.",
    ownRoleUnchanged: 'Vous ne pouvez pas changer votre propre rôle.',
  },
  NETWORK_APPLICATION_MESSAGES: {
    invalidUrl: 'Veuillez saisir une adresse web complète commençant par http:// ou https://',
    illustrationNotFound: 'Le logo est introuvable : ajoutez-le de nouveau.',
  },
  NOT_FOUND_SUBJECTS: {
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
  },
  PASSKEY_MESSAGES: {
    challengeExpired: 'La demande a expiré : recommencez.',
    notVerified: "La clé d'accès n'a pas pu être vérifiée. Recommencez ou utilisez votre mot de passe.",
    unknownPasskey: "Cette clé d'accès n'est pas reconnue. Connectez-vous avec votre mot de passe.",
    alreadyRegistered: "Cette clé d'accès est déjà enregistrée.",
    notThisAccount: "Cette clé d'accès n'est pas celle de ce compte, ou n'a pas pu être vérifiée.",
    tooMany: "Vous avez déjà 10 clés d'accès : supprimez-en une avant d'en ajouter une autre.",
    notWhileImpersonating: "Les clés d'accès d'un compte ne se gèrent pas en se connectant en tant que son utilisateur.",
  },
  PAYMENT_MESSAGES: {
    providerFailed: 'Le service de paiement est momentanément indisponible, veuillez réessayer.',
    providerUnreachable: 'Le prestataire de paiement est injoignable, réessayez plus tard.',
    inPreparation: 'Un paiement de cette facture est en cours de préparation, réessayez dans un instant.',
  },
  PHONE_MESSAGES: {
    mobile: 'Veuillez saisir un numéro de mobile français valide (06 ou 07)',
    landline: 'Veuillez saisir un numéro de téléphone fixe français valide',
    atLeastOne: 'Veuillez saisir au moins un numéro de téléphone',
  },
  POSTAL_CODE_CSV_MESSAGES: {
    invalidLine: 'Ligne 12 : code postal invalide (5 chiffres attendus).',
    empty: 'Le fichier ne contient aucun code postal.',
    tooLarge: 'Le fichier est trop volumineux.',
    notCsv: 'Ce fichier n’est pas un fichier CSV : importez un fichier .csv avec un code postal de 5 chiffres par ligne.',
  },
  PRESTATION_MESSAGES: {
    introNeeded: 'Veuillez saisir une introduction pour les bonnes raisons',
    goodReasonsCount: 'Les bonnes raisons doivent être au nombre de 5',
    colorLocked: 'La couleur des prestations d’agence ne peut pas être changée',
    mandatoryToggle: 'Une prestation obligatoire du réseau ne peut pas être désactivée',
  },
  REDIRECT_URL_MESSAGE: "L'adresse de retour doit être une page de l'espace client",
  REORDER_MESSAGES: {
    self: 'Un élément ne peut pas se suivre lui-même.',
    foreign: 'L’élément précédent ne fait pas partie de cette liste.',
  },
  REQUEST_MESSAGES: {
    invalid: 'Requête invalide.',
    pageNotFound: 'Page introuvable.',
  },
  RETENTION_MESSAGES: {
    anonymisedName: 'Personne anonymisée',
  },
  RICH_TEXT_MESSAGES: {
    imageNotFound: 'Une image de ce texte est introuvable : ajoutez-la de nouveau.',
    tooManyImages: "Ce texte contient trop d'images (20 au maximum).",
  },
  SCREEN_ERROR_MESSAGES: {
    'invoicePayment.nothing_to_pay': 'Cette facture est déjà réglée : il ne reste rien à payer.',
    'invoicePayment.payment_unavailable':
      'Votre agence ne propose pas encore le paiement en ligne : contactez-la pour régler cette facture.',
    'invoicePayment.amount_too_low':
      'Le montant de cette facture est trop faible pour un paiement en ligne (0,99 € minimum). Contactez votre agence pour la régler.',
    'invoicePayment.amount_too_high':
      'Le montant de cette facture dépasse le plafond du paiement en ligne (20 000 €). Contactez votre agence pour la régler.',
    'invoicePayment.invalid_payment_email':
      "L'adresse email de votre contrat n'est pas valide pour le paiement en ligne. Corrigez-la dans l'onglet Coordonnées, puis réessayez.",
    'invoicePayment.payment_already_succeeded':
      'Cette facture a déjà été payée en ligne : le paiement est en cours de validation par votre agence.',
    'quoteSignature.yousign_invalid_document':
      'Le document de ce devis ne peut pas être signé électroniquement : il est illisible ou protégé.',
    'quoteSignature.yousign_obsolete_pdf_version':
      'Le document de ce devis est dans un format trop ancien pour la signature électronique.',
    'signatureSend.yousign_invalid_document':
      'Ce PDF ne peut pas être signé électroniquement : il est illisible, protégé ou refusé par le prestataire de signature.',
    'signatureSend.yousign_obsolete_pdf_version':
      'Ce PDF est trop ancien : la signature électronique demande un PDF en version 1.6 ou supérieure. Enregistrez-le à nouveau en PDF récent puis recommencez.',
    'personalInfo.same_email': "C'est déjà votre adresse email de connexion : aucun changement n'a été fait.",
    'personalInfo.email_already_used': 'Cette adresse email est déjà utilisée par un autre compte client.',
    'contactInfo.same_email': "Cette adresse est déjà celle du contrat : aucun changement n'a été fait.",
  },
  SECOND_FACTOR_MESSAGES: {
    codeFormat: 'Saisissez les 6 chiffres affichés par votre application.',
    recoveryCodeFormat: 'Saisissez un code de secours de 10 caractères.',
    oneProof: "Indiquez soit un code, soit un code de secours, soit votre clé d'accès.",
    oneConfirmation: 'Confirmez avec votre mot de passe ou avec un code de votre application.',
    invalidCode: 'Code invalide ou déjà utilisé.',
    invalidPassword: 'Mot de passe incorrect.',
    challengeExpired: 'Cette étape de connexion a expiré : reconnectez-vous.',
    alreadyEnabled: "Une application d'authentification est déjà active sur ce compte.",
    notEnabled: "Aucune application d'authentification n'est active sur ce compte.",
    setupNotStarted: "Affichez d'abord le QR code, puis saisissez le code de l'application.",
    required: 'Votre rôle impose la double authentification : vous ne pouvez pas la retirer.',
    impersonationNeedsSecondFactor:
      "Pour vous connecter en tant qu'un autre utilisateur, reconnectez-vous avec votre double authentification.",
  },
  SESSION_MESSAGES: {
    linkInvalid: 'Ce lien ne permet plus de déconnecter cette session : elle est déjà terminée ou le lien a déjà servi.',
    unknownDevice: 'Appareil inconnu',
  },
  SIGNATURE_MESSAGES: {
    nameLetters: 'Seules les lettres, les espaces, les traits d’union et les apostrophes sont acceptés',
    pdfRequired: 'Ajoutez au moins un PDF à signer',
    tooManyPdfs: 'Au plus 10 PDF par document',
    pdfNotFound: "Ce PDF est introuvable ou n'est pas un PDF à signer envoyé par vous",
    invalidDocument:
      'Ce document ne peut pas être signé électroniquement : le PDF est illisible, protégé ou refusé par le prestataire de signature.',
    obsoletePdfVersion:
      'Ce PDF est trop ancien pour la signature électronique : il doit être en version 1.6 ou supérieure. Enregistrez-le à nouveau en PDF récent puis recommencez.',
    sanitizationFailed:
      "Le fichier « {fichier} » n'a pas pu être nettoyé avant l'envoi : il contient des éléments actifs ou endommagés. Enregistrez-le à nouveau en PDF puis recommencez.",
    providerUnavailable: "Le service de signature électronique ne répond pas pour l'instant : réessayez dans quelques minutes.",
    periodOrder: 'La fin de la période doit suivre son début',
    periodTooLong: 'Une archive couvre au plus 370 jours',
    archiveEmpty: 'Aucun document signé sur cette période',
  },
  SPARE_PART_MESSAGES: {
    unknownAgency: 'Cette agence est inconnue.',
    descriptionTooLong: 'La description ne doit pas dépasser 130 caractères',
    titleNamesType: "Le titre ne doit pas dire s'il s'agit d'une demande ou d'une offre : le type l'indique déjà.",
    alreadyAnswered: 'Vous avez déjà répondu à cette annonce',
    ownAnnouncement: 'Vous ne pouvez pas répondre à votre propre annonce',
    expired: 'Cette annonce a expiré : il n’est plus possible d’y répondre.',
    wantOnRequest: 'On ne peut répondre « Je veux » qu’à une offre.',
    haveOnOffer: 'On ne peut répondre « J’en ai » qu’à une demande.',
  },
  THROTTLE_MESSAGES: {
    accountLocked: 'Trop de tentatives de connexion pour ce compte : réessayez dans 1 minute.',
    tooManyMails: "Trop d'emails envoyés à cette adresse : réessayez dans 5 minutes.",
  },
  UNKNOWN_CONTACT_SUBJECT_MESSAGE: "Cet objet de demande n'existe pas",
};

/** The messages the spec quotes (spec 00 §5 and §8, 02, 03), which must stay verbatim. */
const SPEC_QUOTED: [string, string][] = [
  ['MESSAGES.required', 'Veuillez remplir ce champ'],
  ['MESSAGES.tooLong', 'Limite de caractères dépassée'],
  ['MESSAGES.invalidLogin', "Votre adresse email ou votre mot de passe n'est pas valide."],
  ['MESSAGES.forbidden', "Vous n'avez pas les accès requis..."],
  ['MESSAGES.fileNotFound', 'Le fichier demandé est introuvable'],
  ['MESSAGES.generic', 'Une erreur est survenue'],
  ['INVALID_CONTACT_MESSAGE', 'Merci de compléter les informations manquantes.'],
  ['SPARE_PART_MESSAGES.alreadyAnswered', 'Vous avez déjà répondu à cette annonce'],
  ['SPARE_PART_MESSAGES.ownAnnouncement', 'Vous ne pouvez pas répondre à votre propre annonce'],
  ['MONTHLY_RESULT_MESSAGES.missing', 'Vous devez saisir vos chiffres pour ce mois afin de voir les chiffres du réseau'],
];

describe('the French messages', () => {
  const catalogue = userVisibleMessages(constants);

  it('are the pinned words, every one of them', () => {
    expect(catalogue).toEqual(GOLDEN);
  });

  it.each(SPEC_QUOTED)('%s is the spec’s « %s »', (path, words) => {
    const [table, key] = path.split('.') as [string, string | undefined];
    const entry = catalogue[table];
    expect(key === undefined ? entry : (entry as Record<string, string>)[key]).toBe(words);
  });

  it('say what a 404 did not find with a named subject', () => {
    expect(notFoundMessage(NOT_FOUND_SUBJECTS.forumThread)).toBe('Le sujet demandé est introuvable.');
    expect(notFoundMessage(NOT_FOUND_SUBJECTS.resource)).toBe(ERROR_MESSAGES.not_found);
  });
});
