import { DATA_EXPORT_VALID_DAYS } from '@reseau/contracts';
import { renderMail } from '../../integrations/mail/layout.js';

/**
 * The page the mail's link opens: a public web page of the account's area whose button downloads
 * the ZIP with the token (GET /data-exports/{token}); docs/data-rights.md says why not the API's URL.
 */
export const dataExportLink = (base: string, area: 'intranet' | 'extranet', token: string) => {
  const url = new URL(`/${area}/data-export`, base);
  url.searchParams.set('token', token);
  return url.toString();
};

export const dataExportMails = {
  ready: (base: string, area: 'intranet' | 'extranet', firstName: string, token: string, askedByAgency: boolean) =>
    renderMail({
      subject: 'Vos données sont prêtes à être téléchargées',
      greeting: `Bonjour ${firstName},`,
      paragraphs: [
        askedByAgency
          ? 'À votre demande, votre agence a préparé une copie de toutes les données que la plateforme Réseau Énergie conserve à votre sujet.'
          : 'Vous avez demandé une copie de toutes les données que la plateforme Réseau Énergie conserve à votre sujet.',
        'Le fichier ZIP contient vos données au format JSON (donnees.json) et les documents PDF que vous pouvez déjà consulter.',
      ],
      action: { label: 'Télécharger mes données', url: dataExportLink(base, area, token) },
      footnote: `Ce lien est valable ${DATA_EXPORT_VALID_DAYS} jours. Ne le transférez pas : il donne accès à vos données personnelles. Si vous n'êtes pas à l'origine de cette demande, contactez votre agence.`,
    }),
};
