/** French texts the server sends; the spec's quoted messages are kept verbatim. */
export const MESSAGES = {
  required: 'Veuillez remplir ce champ',
  tooLong: 'Limite de caractères dépassée',
  invalidEmail: 'Veuillez saisir une adresse email valide',
  passwordRule: 'Le mot de passe doit contenir au moins 8 caractères, dont une minuscule, une majuscule et un chiffre.',
  invalidLogin: "Votre adresse email ou votre mot de passe n'est pas valide.",
  forbidden: "Vous n'avez pas les accès requis...",
  fileNotFound: 'Le fichier demandé est introuvable',
  generic: 'Une erreur est survenue',
} as const;
