/**
 * French field and error texts, shown the same whether the browser's copy of a schema or the
 * server refuses; the spec's quoted messages are kept verbatim.
 */
export const MESSAGES = {
  required: 'Veuillez remplir ce champ',
  tooLong: 'Limite de caractères dépassée',
  invalidEmail: 'Veuillez saisir une adresse email valide',
  passwordRule: 'Le mot de passe doit contenir au moins 8 caractères, dont une minuscule, une majuscule et un chiffre.',
  commonPassword: 'Ce mot de passe est trop courant : choisissez-en un autre.',
  /** A form's second password field (spec 03 §5); checked in the browser only. */
  confirmation: 'Les deux mots de passe ne sont pas identiques.',
  wrongCurrentPassword: "Le mot de passe actuel n'est pas le bon.",
  wrongActivationPassword: "Ce mot de passe n'est pas celui choisi lors de votre demande de première connexion.",
  invalidLogin: "Votre adresse email ou votre mot de passe n'est pas valide.",
  forbidden: "Vous n'avez pas les accès requis...",
  fileNotFound: 'Le fichier demandé est introuvable',
  generic: 'Une erreur est survenue',
  /** An id that names nothing the caller may use (an agency, a network prestation). */
  unknownValue: 'Valeur inconnue',
} as const;

/** A `:reorder` call that cannot be applied (lib/reorder.ts). */
export const REORDER_MESSAGES = {
  self: 'Un élément ne peut pas se suivre lui-même.',
  foreign: 'L’élément précédent ne fait pas partie de cette liste.',
} as const;
