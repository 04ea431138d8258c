import { renderMail } from '../../integrations/mail/layout.js';
import { richTextToPlain } from '../../lib/rich-text.js';

export interface JobOfferMailContent {
  title: string;
  typeName: string;
  domainName: string;
  geographicSector: string;
  agencyName: string | null;
  /** Sanitized HTML, as stored. */
  description: string;
}

/** The offer as its recipients read it (spec 02: title, type, domain, zone, agency, description). */
export function jobOfferMail(offer: JobOfferMailContent) {
  const publisher = offer.agencyName ?? 'le réseau';
  return renderMail({
    subject: `Offre d'emploi : ${offer.title}`,
    greeting: 'Bonjour,',
    paragraphs: [
      `${publisher === 'le réseau' ? 'Le réseau' : `L'agence ${publisher}`} publie une offre d'emploi : ${offer.title}.`,
      `Type de contrat : ${offer.typeName}`,
      `Domaine : ${offer.domainName}`,
      `Zone géographique : ${offer.geographicSector || 'non précisée'}`,
      `Agence : ${offer.agencyName ?? 'Réseau'}`,
    ],
    richText: { html: offer.description, text: richTextToPlain(offer.description) },
    footnote: "Vous recevez ce message car l'agence vous a indiqué comme destinataire de ses offres d'emploi.",
  });
}
