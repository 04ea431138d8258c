/**
 * The demo document bases (spec 02 §2): categories and types per base, and documents in every
 * base (1 general, 2 CA space, 3 to 7 regional), some for adherents only, most with an
 * illustration and a PDF. The first four are the documents the demo notifications point at
 * (DEMO_CONTENT_REFS.documentBaseItems): same order, so the same ids and titles.
 */
import type { DemoNewsPdf as DemoDocumentPdf } from './demo-news.js';

export interface DemoDocument {
  documentBaseId: number;
  category: string;
  type?: string;
  title: string;
  shortDescription: string;
  content: string;
  isPublic: boolean;
  /** Colour pair of the drawn illustration, none when absent. */
  illustration?: readonly [readonly [number, number, number], readonly [number, number, number]];
  pdf?: DemoDocumentPdf;
  daysAgo: number;
}

/** Per base: its categories and, for some, their types. */
export const DEMO_DOCUMENT_CATEGORIES: Record<number, Record<string, string[]>> = {
  1: { Communication: ['Charte', 'Modèle'], Technique: ['Fiche technique', 'Notice'], Réglementation: [] },
  2: { Gouvernance: ['Procès-verbal', 'Ordre du jour'], Finances: [] },
  3: { 'Vie régionale': ['Compte rendu', 'Invitation'], Formations: [] },
  4: { 'Vie régionale': ['Compte rendu'], Partenaires: [] },
  5: { 'Vie régionale': ['Compte rendu'], Formations: [] },
  6: { 'Vie régionale': [], Partenaires: [] },
  7: { 'Vie régionale': ['Compte rendu'], Formations: [] },
};

const BLUE = [
  [6, 47, 115],
  [12, 79, 182],
] as const;
const GREEN = [
  [8, 127, 91],
  [18, 184, 134],
] as const;
const ORANGE = [
  [217, 72, 15],
  [253, 126, 20],
] as const;
const GREY = [
  [52, 58, 64],
  [73, 80, 87],
] as const;
const VIOLET = [
  [95, 61, 196],
  [132, 94, 247],
] as const;

const pdf = (fileName: string, heading: string, ...lines: string[]): DemoDocumentPdf => ({ fileName, heading, lines });

export const DEMO_DOCUMENTS: readonly DemoDocument[] = [
  {
    documentBaseId: 1,
    category: 'Communication',
    type: 'Charte',
    title: 'Charte graphique du réseau 2026',
    shortDescription: 'Logos, couleurs et typographies à utiliser sur vos véhicules, devis et réseaux sociaux.',
    content:
      '<p>La charte 2026 remplace la précédente : <strong>nouveau logo</strong>, palette bleue et verte, gabarits de cartes de visite.</p>',
    isPublic: false,
    illustration: BLUE,
    pdf: pdf(
      'charte-graphique-2026.pdf',
      'Charte graphique 2026',
      'Logo principal et déclinaisons',
      'Palette : bleu réseau, vert énergie',
      'Gabarits véhicules et devis',
    ),
    daysAgo: 11,
  },
  {
    documentBaseId: 1,
    category: 'Technique',
    type: 'Fiche technique',
    title: 'Fiche technique : désembouage des circuits de chauffage',
    shortDescription: 'La méthode pas à pas, le matériel et les produits recommandés pour un désembouage réussi.',
    content:
      '<p>Avant tout désembouage, contrôlez la <strong>pression</strong> et l’état du vase d’expansion.</p><ul><li>Rinçage à l’eau claire</li><li>Injection du produit</li><li>Pose d’un filtre magnétique</li></ul>',
    isPublic: true,
    illustration: GREEN,
    pdf: pdf(
      'fiche-desembouage.pdf',
      'Désembouage des circuits',
      '1. Diagnostic du circuit',
      '2. Rinçage et injection du produit',
      '3. Filtre magnétique et contrôle',
    ),
    daysAgo: 8,
  },
  {
    documentBaseId: 2,
    category: 'Gouvernance',
    type: 'Procès-verbal',
    title: "Procès-verbal du conseil d'administration",
    shortDescription: 'Les décisions du conseil du mois dernier : budget, adhésions et calendrier.',
    content: '<p>Le conseil a validé le <strong>budget 2026</strong> et deux nouvelles adhésions.</p>',
    isPublic: false,
    illustration: VIOLET,
    pdf: pdf(
      'pv-conseil-administration.pdf',
      "Procès-verbal du conseil d'administration",
      'Présents : 9 administrateurs',
      'Budget 2026 adopté à l’unanimité',
      'Adhésions : 2 nouveaux adhérents',
    ),
    daysAgo: 1,
  },
  {
    documentBaseId: 3,
    category: 'Vie régionale',
    type: 'Compte rendu',
    title: 'Compte rendu de la réunion régionale Nord',
    shortDescription: 'Échanges sur les contrats d’entretien et la formation pompes à chaleur en région Nord.',
    content: '<p>Douze agences présentes à Lille. Prochaine réunion en juin à <strong>Valenciennes</strong>.</p>',
    isPublic: false,
    illustration: ORANGE,
    pdf: pdf(
      'compte-rendu-region-nord.pdf',
      'Réunion régionale Nord',
      'Agences présentes : 12',
      'Contrats d’entretien : bilan du trimestre',
      'Prochaine réunion : juin, Valenciennes',
    ),
    daysAgo: 2,
  },
  {
    documentBaseId: 1,
    category: 'Communication',
    type: 'Modèle',
    title: 'Modèle de devis entretien chaudière',
    shortDescription: 'Le modèle de devis du réseau, avec les mentions légales à jour.',
    content: '<p>Reprenez ce modèle pour vos devis d’entretien : il contient les <strong>mentions obligatoires</strong>.</p>',
    isPublic: true,
    pdf: pdf(
      'modele-devis-entretien.pdf',
      'Modèle de devis',
      'Entretien annuel chaudière gaz',
      'Mentions légales et TVA',
      'Conditions de paiement',
    ),
    daysAgo: 20,
  },
  {
    documentBaseId: 1,
    category: 'Technique',
    type: 'Notice',
    title: 'Notice de mise en service pompe à chaleur air/eau',
    shortDescription: 'Contrôles avant mise en service, réglages de la régulation et essais.',
    content: '<p>Vérifiez le <strong>débit</strong> et la charge en fluide avant la première mise en route.</p>',
    isPublic: true,
    illustration: GREEN,
    pdf: pdf(
      'notice-pac-air-eau.pdf',
      'Mise en service PAC air/eau',
      'Contrôle du débit',
      'Réglage de la loi d’eau',
      'Essais et procès-verbal',
    ),
    daysAgo: 35,
  },
  {
    documentBaseId: 1,
    category: 'Réglementation',
    title: 'Attestation d’entretien : ce qui change',
    shortDescription: 'Les nouvelles mentions de l’attestation d’entretien des chaudières.',
    content: '<p>L’attestation doit désormais indiquer les <strong>émissions de NOx</strong> mesurées.</p>',
    isPublic: true,
    illustration: GREY,
    daysAgo: 50,
  },
  {
    documentBaseId: 2,
    category: 'Finances',
    title: 'Budget prévisionnel 2026',
    shortDescription: 'Le budget adopté par le conseil, poste par poste.',
    content: '<p>Le budget prévoit un renforcement des <strong>formations</strong> régionales.</p>',
    isPublic: false,
    pdf: pdf(
      'budget-previsionnel-2026.pdf',
      'Budget prévisionnel 2026',
      'Formations : +15 %',
      'Communication : stable',
      'Outils numériques : +10 %',
    ),
    daysAgo: 15,
  },
  {
    documentBaseId: 3,
    category: 'Formations',
    title: 'Calendrier des formations Nord',
    shortDescription: 'Les sessions du semestre à Lille et Dunkerque.',
    content: '<p>Inscriptions auprès de votre animateur régional.</p>',
    isPublic: true,
    illustration: BLUE,
    daysAgo: 12,
  },
  {
    documentBaseId: 4,
    category: 'Vie régionale',
    type: 'Compte rendu',
    title: 'Compte rendu de la réunion régionale Centre',
    shortDescription: 'Tours, Orléans et Bourges : bilan des contrats et des recrutements.',
    content: '<p>Les agences du Centre ont recruté <strong>six techniciens</strong> ce trimestre.</p>',
    isPublic: false,
    illustration: ORANGE,
    pdf: pdf('compte-rendu-region-centre.pdf', 'Réunion régionale Centre', 'Recrutements : 6 techniciens', 'Contrats : +8 %'),
    daysAgo: 6,
  },
  {
    documentBaseId: 4,
    category: 'Partenaires',
    title: 'Conditions partenaires Centre 2026',
    shortDescription: 'Remises négociées avec les distributeurs de la région.',
    content: '<p>Les remises s’appliquent sur présentation de votre <strong>carte réseau</strong>.</p>',
    isPublic: true,
    daysAgo: 25,
  },
  {
    documentBaseId: 5,
    category: 'Vie régionale',
    type: 'Compte rendu',
    title: 'Compte rendu de la réunion régionale Ouest',
    shortDescription: 'Rennes et Nantes : entretien des pompes à chaleur et saison de chauffe.',
    content: '<p>La saison de chauffe a commencé tôt : anticipez vos <strong>stocks de pièces</strong>.</p>',
    isPublic: false,
    illustration: GREEN,
    pdf: pdf('compte-rendu-region-ouest.pdf', 'Réunion régionale Ouest', 'Saison de chauffe', 'Stocks de pièces'),
    daysAgo: 9,
  },
  {
    documentBaseId: 5,
    category: 'Formations',
    title: 'Formation fluides frigorigènes à Nantes',
    shortDescription: 'Attestation de capacité : session de deux jours.',
    content: '<p>Deux jours de formation pour passer l’<strong>attestation de capacité</strong>.</p>',
    isPublic: true,
    daysAgo: 30,
  },
  {
    documentBaseId: 6,
    category: 'Vie régionale',
    title: 'Rencontre des adhérents Sud-Ouest à Bordeaux',
    shortDescription: 'Programme de la journée et inscription.',
    content: '<p>Rendez-vous à <strong>Bordeaux</strong> pour une journée d’échanges et de démonstrations.</p>',
    isPublic: true,
    illustration: VIOLET,
    pdf: pdf(
      'rencontre-sud-ouest.pdf',
      'Rencontre Sud-Ouest',
      'Accueil à 9 h',
      'Ateliers techniques',
      'Déjeuner et démonstrations',
    ),
    daysAgo: 4,
  },
  {
    documentBaseId: 6,
    category: 'Partenaires',
    title: 'Annuaire des fournisseurs Sud-Ouest',
    shortDescription: 'Les contacts des distributeurs partenaires de la région.',
    content: '<p>Mis à jour chaque trimestre par l’animatrice régionale.</p>',
    isPublic: false,
    daysAgo: 40,
  },
  {
    documentBaseId: 7,
    category: 'Vie régionale',
    type: 'Compte rendu',
    title: 'Compte rendu de la réunion régionale Sud-Est',
    shortDescription: 'Lyon, Marseille, Nice : climatisation réversible et contrats.',
    content: '<p>La demande en <strong>climatisation réversible</strong> progresse fortement.</p>',
    isPublic: false,
    illustration: ORANGE,
    pdf: pdf('compte-rendu-region-sud-est.pdf', 'Réunion régionale Sud-Est', 'Climatisation réversible', 'Contrats d’entretien'),
    daysAgo: 7,
  },
  {
    documentBaseId: 7,
    category: 'Formations',
    title: 'Formation régulation connectée à Lyon',
    shortDescription: 'Thermostats connectés et applications mobiles : une journée de pratique.',
    content: '<p>Une journée pour maîtriser la <strong>régulation connectée</strong>.</p>',
    isPublic: true,
    illustration: BLUE,
    daysAgo: 18,
  },
];
