import { INVOICE_RETENTION_YEARS } from '@reseau/contracts';
import { renderMail } from '../../integrations/mail/layout.js';

export const erasureMails = {
  clientErased: (firstName: string) =>
    renderMail({
      subject: 'Votre compte client a été supprimé',
      greeting: `Bonjour ${firstName},`,
      paragraphs: [
        'Comme vous l’avez demandé, votre compte de l’espace client a été supprimé : vous ne pouvez plus vous y connecter, et vos nom, adresse email, téléphones et messages ont été effacés.',
        `Vos factures, devis et contrats restent conservés par vos agences, sous un nom anonyme, pendant la durée que la loi impose (${INVOICE_RETENTION_YEARS} ans pour les factures). Vos agences ont été prévenues.`,
      ],
      footnote: 'Si vous n’êtes pas à l’origine de cette suppression, contactez votre agence au plus vite.',
    }),
};
