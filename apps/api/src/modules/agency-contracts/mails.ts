import { renderMail } from '../../integrations/mail/layout.js';

export const contractMails = {
  /** Sent to the new address of a contract: following the link applies the change. */
  contractEmailChange: (base: string, firstName: string, contractReference: string, token: string) => {
    const url = new URL('/extranet/verify-email', base);
    url.searchParams.set('token', token);
    return renderMail({
      subject: "Confirmez l'adresse email de votre contrat",
      greeting: `Bonjour ${firstName},`,
      paragraphs: [
        `Vous avez demandé que votre agence vous écrive à cette adresse pour le contrat ${contractReference}.`,
        'Confirmez-la pour terminer le changement.',
      ],
      action: { label: 'Confirmer cette adresse', url: url.toString() },
      footnote:
        "Ce lien est valable 24 heures et ne sert qu'une fois. Tant qu'il n'est pas utilisé, l'ancienne adresse du contrat reste utilisée.",
    });
  },
};
