import { DEMO_CONTENT_REFS } from './demo-notifications.js';

/** A demo thread: its forum and theme (FORUM_THEMES ids), what it says, its replies, its age. */
export interface DemoThread {
  forumId: number;
  forumThemeId: number;
  title: string;
  content: string;
  hoursAgo: number;
  replies: string[];
  isClosed?: boolean;
  /** Attached PDFs: the name readers see and the document's heading. */
  files?: DemoForumFile[];
  /** Attached PDFs of some replies, by the reply's position. */
  replyFiles?: Record<number, DemoForumFile[]>;
}

export interface DemoForumFile {
  fileName: string;
  heading: string;
}

const ref = (i: 0 | 1 | 2 | 3 | 4) => DEMO_CONTENT_REFS.forumThreads[i];
const p = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');

/**
 * The first five are the threads the demo notifications point at (ids 1 to 5, same titles and
 * forums): they are inserted first, so they get those ids.
 */
export const DEMO_THREADS: DemoThread[] = [
  {
    forumId: ref(0).forumId,
    forumThemeId: 3,
    title: ref(0).title,
    content: p(
      'Nous installons de plus en plus de <strong>PAC hybrides</strong> en rénovation. Quels retours de vos clients après un premier hiver ?',
      'Consommation, bruit, pilotage de la relève chaudière : tout nous intéresse.',
    ),
    hoursAgo: 20 * 24,
    replies: [
      p('Très bons retours chez nous sur les maisons des années 70 : la chaudière ne prend le relais que sous -3 °C.'),
      p('Attention au paramétrage du point de bivalence, c’est là que tout se joue.'),
      p('Nous avons eu deux réclamations sur le bruit de l’unité extérieure : pensez aux plots antivibratiles.'),
    ],
    files: [{ fileName: 'Bilan premier hiver PAC hybrides', heading: 'Bilan PAC hybrides 2025-2026' }],
    replyFiles: { 1: [{ fileName: 'Réglage du point de bivalence', heading: 'Point de bivalence : méthode' }] },
  },
  {
    forumId: ref(1).forumId,
    forumThemeId: 2,
    title: ref(1).title,
    content: p('Nous cherchons un logiciel pour planifier les interventions SAV de nos six techniciens. Que utilisez-vous ?'),
    hoursAgo: 4 * 24,
    replies: [
      p(
        'Nous sommes passés sur un outil en ligne avec application mobile : les bons d’intervention sont signés sur la tablette.',
      ),
      p('Regardez aussi la synchronisation avec votre logiciel de facturation, c’est le point qui nous a fait changer.'),
    ],
  },
  {
    forumId: ref(2).forumId,
    forumThemeId: 4,
    title: ref(2).title,
    content: p(
      'Chaudière murale gaz de 2015, code <strong>F28</strong> au démarrage après une coupure de gaz.',
      'Le gaz arrive bien au bloc, l’électrode a été changée. Une idée ?',
    ),
    hoursAgo: 19 * 24,
    replies: [
      p('F28 = défaut d’allumage. Vérifiez la pression dynamique au brûleur et le câble d’ionisation.'),
      p('Chez nous c’était la carte : le relais de la vanne gaz ne collait plus.'),
      p('Merci à tous, c’était bien la pression : détendeur défaillant côté compteur.'),
    ],
    files: [{ fileName: 'Procédure diagnostic F28', heading: 'Diagnostic du code F28' }],
    replyFiles: { 1: [{ fileName: 'Schéma carte électronique', heading: 'Carte électronique : relais vanne gaz' }] },
  },
  {
    forumId: ref(3).forumId,
    forumThemeId: 5,
    title: ref(3).title,
    content: p('Comment réglez-vous la loi d’eau à la mise en service d’une PAC air/eau sur radiateurs basse température ?'),
    hoursAgo: 7,
    replies: [p('Nous partons de la pente 0,6 puis ajustons après une semaine avec le client.')],
  },
  {
    forumId: ref(4).forumId,
    forumThemeId: 7,
    title: ref(4).title,
    content: p('Le modèle de contrat d’entretien 2026 est prêt. Vos remarques sont les bienvenues avant la diffusion.'),
    hoursAgo: 3,
    replies: [],
    files: [
      { fileName: 'Contrat entretien 2026', heading: "Modèle de contrat d'entretien 2026" },
      { fileName: 'Conditions générales', heading: 'Conditions générales de service 2026' },
    ],
  },
];

/** More threads for each forum: titles, themes and a few replies each, so that lists have pages. */
const MORE: Array<[forumId: number, forumThemeId: number, title: string, replies: number]> = [
  [1, 1, 'Assemblée générale : covoiturage depuis le Nord', 4],
  [1, 1, 'Idées pour les 20 ans du réseau', 6],
  [1, 2, 'Astreinte du week-end : comment vous organisez-vous ?', 3],
  [1, 2, 'Stock de pièces détachées : quel niveau garder ?', 2],
  [1, 3, 'Tarif des contrats d’entretien PAC en 2026', 5],
  [1, 3, 'Salon de l’habitat de Lille : qui y sera ?', 1],
  [1, 1, 'Recrutement d’apprentis : retours des CFA', 2],
  [1, 2, 'Véhicules électriques pour les techniciens', 4],
  [2, 4, 'Encrassement des échangeurs en zone calcaire', 3],
  [2, 4, 'Remplacement d’un ventilateur sur chaudière à condensation', 2],
  [2, 5, 'Dégivrage trop fréquent sur PAC monobloc', 5],
  [2, 5, 'Appoint électrique qui se déclenche en mi-saison', 2],
  [2, 6, 'Attestation de capacité fluides : renouvellement', 1],
  [2, 6, 'Nouvelle norme sur les conduits de fumée', 3],
  [2, 4, 'Analyse de combustion : quel analyseur choisir ?', 4],
  [2, 5, 'Bruit de circulation dans les planchers chauffants', 2],
  [3, 7, 'Facturation des déplacements hors zone', 3],
  [3, 7, 'Relances des impayés : vos modèles de courrier', 2],
  [3, 8, 'Convention collective : nouvelle grille au 1er janvier', 4],
  [3, 8, 'Tickets-restaurant dématérialisés', 1],
  [3, 7, 'TVA à 5,5 % : justificatifs demandés aux clients', 3],
  [4, 9, 'Ordre du jour du prochain conseil', 2],
  [4, 10, 'Budget communication 2026', 3],
  [4, 9, 'Entrée de nouveaux adhérents en région Ouest', 1],
  [4, 10, 'Cotisations : proposition d’indexation', 2],
  [4, 9, 'Charte des administrateurs', 0],
  [1, 3, 'Offre de parrainage clients : vos résultats', 2],
  [2, 6, 'Certificat RGE : audit de chantier', 3],
];

const REPLIES = [
  p('Merci pour ce sujet, nous nous posions la même question.'),
  p('Chez nous, la solution a été de tout noter dans une fiche partagée par l’équipe.'),
  p('Nous avons testé l’an dernier : résultat positif, je peux vous envoyer notre retour d’expérience.'),
  p('Attention aux délais : mieux vaut anticiper de deux mois au moins.'),
  p('Je vous conseille d’en parler à votre animateur régional, il a un contact.'),
  p('Même constat dans notre agence, surtout en fin d’hiver.'),
];

for (const [i, [forumId, forumThemeId, title, replies]] of MORE.entries()) {
  DEMO_THREADS.push({
    forumId,
    forumThemeId,
    title,
    content: p(`${title} : partagez vos pratiques et vos conseils.`),
    hoursAgo: 30 * 24 - i * 22,
    replies: Array.from({ length: replies }, (_, n) => REPLIES[(i + n) % REPLIES.length]!),
    isClosed: i % 9 === 4,
    ...(i % 5 === 0 ? { files: [{ fileName: `Document ${title}`.slice(0, 80), heading: title }] } : {}),
  });
}
