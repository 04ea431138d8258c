import { renderMail } from '../../integrations/mail/layout.js';

export const secondFactorMails = {
  /** To the user whose factor was reset: they learn of it, and what to do if it was not asked. */
  reset: (base: string, firstName: string) =>
    renderMail({
      subject: 'Votre double authentification a été réinitialisée',
      greeting: `Bonjour ${firstName},`,
      paragraphs: [
        "L'application d'authentification et les codes de secours de votre compte intranet Réseau Énergie ont été retirés par un administrateur.",
        'À votre prochaine connexion, ajoutez de nouveau votre application si votre rôle l’exige, ou depuis « Sécurité du compte ».',
      ],
      action: { label: "Se connecter à l'intranet", url: new URL('/intranet/login', base).toString() },
      footnote: "Si vous n'avez rien demandé, prévenez sans attendre l'administrateur de votre réseau.",
    }),
};
