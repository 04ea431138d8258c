import type { NetworkActualityCategoryCode } from '@reseau/contracts';
import { DEMO_CONTENT_REFS } from './demo-notifications.js';

/**
 * The network's news over the last months (spec 01 §2). The first four are those the demo
 * notifications point at (DEMO_CONTENT_REFS): inserted first, they get ids 1 to 4. `isPublic` 1
 * is for everyone, 0 for adherents only (roles 5, 6 and 8 do not read those). Every item has
 * one or two `illustrations` (pictures drawn by demo-news-files.ts, spec 01 §9: up to 2); several
 * carry `joinedFiles`, PDFs drawn from a heading and lines (up to 4).
 */
export interface DemoNews {
  title: string;
  category: NetworkActualityCategoryCode;
  isPublic: 0 | 1;
  /** Age at seeding, in hours. */
  hoursAgo: number;
  content: string;
  illustrations: [DemoNewsIllustration] | [DemoNewsIllustration, DemoNewsIllustration];
  joinedFiles?: DemoNewsPdf[];
}

export type DemoNewsIllustration =
  | 'assembly'
  | 'maintenance'
  | 'partner'
  | 'fair'
  | 'regulation'
  | 'training'
  | 'heatPump'
  | 'network'
  | 'survey'
  | 'parts'
  | 'boiler';

export interface DemoNewsPdf {
  fileName: string;
  heading: string;
  lines: string[];
}

const DAY = 24;
const refs = DEMO_CONTENT_REFS.networkActualities;

export const DEMO_NEWS: DemoNews[] = [
  {
    title: refs[0].title,
    category: 'EVENEMENT',
    isPublic: 0,
    hoursAgo: 4,
    illustrations: ['assembly', 'network'],
    joinedFiles: [
      {
        fileName: 'Programme AG 2026.pdf',
        heading: 'Assemblée générale 2026',
        lines: [
          '9h30 : accueil des adhérents',
          '10h00 : rapport moral et bilan de l’exercice 2025',
          '11h30 : vote du budget et élection des administrateurs',
          '12h30 : déjeuner',
          '14h00 : ateliers transition énergétique des agences',
          '17h00 : clôture',
        ],
      },
      {
        fileName: 'Pouvoir AG 2026.pdf',
        heading: 'Pouvoir - Assemblée générale 2026',
        lines: [
          'Je soussigné(e) ........................................',
          'représentant l’adhérent ...................................',
          'donne pouvoir à ........................................',
          'pour me représenter et voter en mon nom.',
          'Fait à ................ le ................ Signature :',
        ],
      },
    ],
    content:
      "<p>L'assemblée générale annuelle du réseau se tiendra le <strong>jeudi 11 juin 2026</strong> au Centre des congrès de Tours, de 9h30 à 17h00.</p><p>Au programme : bilan de l'exercice 2025, vote du budget, élection de trois administrateurs et ateliers sur la transition énergétique des agences.</p><p>Les inscriptions sont ouvertes jusqu'au 15 mai dans votre espace adhérent. Le déjeuner est offert aux deux premiers inscrits de chaque adhérent.</p>",
  },
  {
    title: refs[1].title,
    category: 'REGLEMENTATION',
    isPublic: 1,
    hoursAgo: 6 * DAY + 4,
    illustrations: ['regulation'],
    joinedFiles: [
      {
        fileName: "Fiche client MaPrimeRénov' 2026.pdf",
        heading: "MaPrimeRénov' 2026",
        lines: [
          'Pompe à chaleur air/eau : aide maintenue, plafond revu (ménages intermédiaires).',
          'Chaudière gaz très haute performance : plus éligible.',
          'Rénovation d’ampleur : audit énergétique obligatoire.',
          'Demande à déposer avant la signature du devis.',
        ],
      },
    ],
    content:
      "<p>Le barème MaPrimeRénov' évolue au 1er janvier 2026. Les principaux changements pour les installations que vous proposez :</p><ul><li>les pompes à chaleur air/eau restent aidées, avec un plafond revu pour les ménages intermédiaires ;</li><li>les chaudières gaz à très haute performance ne sont plus éligibles ;</li><li>l'audit énergétique devient obligatoire pour les rénovations d'ampleur.</li></ul><p>Une fiche récapitulative à remettre à vos clients est disponible dans la base documentaire générale.</p>",
  },
  {
    title: refs[2].title,
    category: 'VIE_RESEAU',
    isPublic: 1,
    hoursAgo: 17 * DAY + 9,
    illustrations: ['maintenance'],
    joinedFiles: [
      {
        fileName: "Kit campagne d'entretien 2026.pdf",
        heading: "Campagne d'entretien 2026",
        lines: [
          'Contenu du kit :',
          '- affiche A3 pour la vitrine de l’agence ;',
          '- visuels pour Facebook et LinkedIn ;',
          '- modèle de courrier de relance des clients sous contrat ;',
          '- argumentaire téléphonique pour l’accueil.',
        ],
      },
    ],
    content:
      "<p>La campagne d'entretien des chaudières démarre le 1er septembre. Le kit de communication du réseau est prêt : affiches, visuels pour les réseaux sociaux et modèle de courrier de relance.</p><p>Téléchargez le kit joint à cette actualité et personnalisez-le avec les coordonnées de votre agence.</p>",
  },
  {
    title: refs[3].title,
    category: 'REGLEMENTATION',
    isPublic: 1,
    hoursAgo: 24 * DAY + 3,
    illustrations: ['heatPump'],
    joinedFiles: [
      {
        fileName: 'Registre fluides frigorigènes.pdf',
        heading: 'Registre des fluides frigorigènes',
        lines: [
          'Installation : ............................................',
          'Fluide : ........  Charge (kg) : ........  Tonnes éq. CO2 : ........',
          'Date du contrôle : ........  Technicien : ........',
          'Attestation de capacité n° : ........',
          'Fuite constatée : oui / non   Réparation : ........',
        ],
      },
    ],
    content:
      "<p>Le contrôle d'étanchéité des équipements contenant des fluides frigorigènes reste obligatoire au-delà de 5 tonnes équivalent CO₂. Pensez à tenir à jour le registre de chaque installation et la fiche d'intervention remise au client.</p><p>Seuls les techniciens titulaires d'une attestation de capacité peuvent manipuler ces fluides.</p>",
  },
  {
    title: 'Nouveau partenariat avec un fabricant de pompes à chaleur',
    category: 'PARTENAIRES',
    isPublic: 0,
    hoursAgo: 2 * DAY + 6,
    illustrations: ['partner', 'heatPump'],
    content:
      "<p>Le réseau a signé un accord-cadre avec un fabricant français de pompes à chaleur air/eau. Les adhérents bénéficient de remises sur les gammes résidentielles et d'une hotline technique dédiée.</p><p>Les conditions détaillées sont réservées aux adhérents et figurent dans la base documentaire générale.</p>",
  },
  {
    title: 'Webinaire technique : le désembouage des circuits de chauffage',
    category: 'TECHNIQUE',
    isPublic: 1,
    hoursAgo: 10 * DAY + 2,
    illustrations: ['training', 'maintenance'],
    content:
      '<p>Rendez-vous le mardi 24 mars à 14h00 pour un webinaire d’une heure sur le désembouage : diagnostic, choix du procédé, produits et protection des équipements.</p><p>Le lien de connexion sera envoyé la veille aux inscrits.</p>',
  },
  {
    title: 'Bienvenue à trois nouveaux adhérents',
    category: 'VIE_RESEAU',
    isPublic: 0,
    hoursAgo: 35 * DAY,
    illustrations: ['network'],
    content:
      '<p>Le conseil d’administration a validé l’entrée de trois nouvelles entreprises dans le réseau, en Bretagne, en Occitanie et dans le Grand Est. Le réseau compte désormais plus de quarante agences.</p><p>N’hésitez pas à leur souhaiter la bienvenue sur le forum des adhérents.</p>',
  },
  {
    title: 'Remplacement des chaudières fioul : les solutions à proposer',
    category: 'REGLEMENTATION',
    isPublic: 1,
    hoursAgo: 48 * DAY,
    illustrations: ['boiler', 'heatPump'],
    joinedFiles: [
      {
        fileName: 'Comparatif remplacement fioul.pdf',
        heading: 'Remplacer une chaudière fioul',
        lines: [
          'Pompe à chaleur air/eau : 12 000 à 16 000 EUR, aides élevées, bon rendement.',
          'Chaudière à granulés : 15 000 à 20 000 EUR, stockage à prévoir.',
          'Système hybride : 9 000 à 13 000 EUR, garde une chaudière d’appoint.',
          'Dans tous les cas : vérifier l’isolation et les émetteurs.',
        ],
      },
    ],
    content:
      '<p>Depuis l’interdiction d’installer des chaudières fioul neuves, vos clients équipés cherchent une solution de remplacement. Pompe à chaleur, chaudière à granulés ou système hybride : la fiche technique du réseau compare coûts, aides et contraintes de chaque solution.</p>',
  },
  {
    title: 'Le réseau au salon Interclima 2026',
    category: 'EVENEMENT',
    isPublic: 1,
    hoursAgo: 62 * DAY,
    illustrations: ['fair'],
    content:
      '<p>Retrouvez le réseau sur son stand au salon Interclima, Paris Expo Porte de Versailles. Des invitations gratuites sont disponibles auprès de l’équipe d’animation.</p>',
  },
  {
    title: 'Enquête de satisfaction clients : les résultats 2025',
    category: 'VIE_RESEAU',
    isPublic: 0,
    hoursAgo: 75 * DAY,
    illustrations: ['survey'],
    joinedFiles: [
      {
        fileName: 'Enquête satisfaction 2025 - synthèse.pdf',
        heading: 'Enquête de satisfaction 2025',
        lines: [
          '4 200 réponses, note moyenne 8,6/10.',
          'Ponctualité des techniciens : 9,1/10.',
          'Clarté des devis : 8,9/10.',
          'Délai de rappel : 7,4/10 (axe de progrès).',
        ],
      },
    ],
    content:
      '<p>Avec 4 200 réponses, l’enquête annuelle donne une note moyenne de 8,6/10 aux agences du réseau. La ponctualité des techniciens et la clarté des devis sont les points les plus appréciés ; le délai de rappel reste à améliorer.</p><p>Les résultats par agence sont envoyés à chaque dirigeant.</p>',
  },
  {
    title: 'Pièces détachées : nouveaux tarifs négociés',
    category: 'PARTENAIRES',
    isPublic: 0,
    hoursAgo: 90 * DAY,
    illustrations: ['parts'],
    joinedFiles: [
      {
        fileName: 'Tarifs pièces détachées 2026.pdf',
        heading: 'Tarifs négociés 2026',
        lines: [
          'Circulateurs : remise 32 % (+2 points).',
          'Cartes électroniques : remise 28 % (+2 points).',
          'Brûleurs et électrodes : remise 25 %.',
          'Franco de port à partir de 300 EUR HT.',
        ],
      },
    ],
    content:
      '<p>Les tarifs 2026 négociés avec nos deux distributeurs de pièces détachées sont en ligne. Les remises progressent de 2 points sur les circulateurs et les cartes électroniques.</p>',
  },
  {
    title: 'Formations 2026 : habilitations et montée en compétences',
    category: 'TECHNIQUE',
    isPublic: 1,
    hoursAgo: 105 * DAY,
    illustrations: ['training'],
    joinedFiles: [
      {
        fileName: 'Catalogue formations 2026.pdf',
        heading: 'Catalogue de formation 2026',
        lines: [
          'Attestation de capacité fluides - 3 jours - Orléans',
          'Qualification RGE - 2 jours - Nantes',
          'Biomasse : installation et entretien - 2 jours - Lyon',
          'Dépannage des pompes à chaleur - 2 jours - Orléans',
        ],
      },
      {
        fileName: 'Bulletin inscription formation.pdf',
        heading: 'Bulletin d’inscription',
        lines: [
          'Agence : ........',
          'Stagiaire : ........',
          'Formation et session : ........',
          'À renvoyer à l’équipe d’animation.',
        ],
      },
    ],
    content:
      '<p>Le catalogue de formation 2026 est disponible : attestation de capacité fluides, qualification RGE, biomasse, dépannage des pompes à chaleur. Les sessions se déroulent à Orléans, Nantes et Lyon.</p>',
  },
  {
    title: 'Un nouvel espace client pour vos clients sous contrat',
    category: 'VIE_RESEAU',
    isPublic: 1,
    hoursAgo: 120 * DAY,
    illustrations: ['network', 'survey'],
    content:
      '<p>Vos clients peuvent désormais consulter leurs contrats, signer leurs devis et payer leurs factures en ligne depuis l’espace client. Invitez-les à créer leur compte avec l’adresse email connue de l’agence.</p>',
  },
  {
    title: "Rappel : l'attestation d'entretien annuel des chaudières",
    category: 'REGLEMENTATION',
    isPublic: 1,
    hoursAgo: 140 * DAY,
    illustrations: ['maintenance'],
    content:
      '<p>L’entretien annuel des chaudières de 4 à 400 kW est obligatoire. L’attestation doit être remise au client dans les quinze jours suivant la visite et comporter l’évaluation du rendement et des émissions de polluants.</p>',
  },
  {
    title: 'Trophées du réseau 2026 : les candidatures sont ouvertes',
    category: 'EVENEMENT',
    isPublic: 0,
    hoursAgo: 160 * DAY,
    illustrations: ['fair', 'assembly'],
    content:
      '<p>Les Trophées du réseau récompensent chaque année les agences pour leur <strong>qualité de service</strong>, leur engagement dans la transition énergétique et leur dynamique d’équipe.</p><p>Les dossiers de candidature sont à déposer avant le 31 mars. Les lauréats seront annoncés lors de l’assemblée générale.</p>',
  },
  {
    title: 'Chaudières à condensation : les bons réglages de combustion',
    category: 'TECHNIQUE',
    isPublic: 1,
    hoursAgo: 175 * DAY,
    illustrations: ['boiler', 'parts'],
    joinedFiles: [
      {
        fileName: 'Fiche réglage combustion.pdf',
        heading: 'Réglage de la combustion',
        lines: [
          'Mesurer le CO2 à puissance maximale puis minimale.',
          'Gaz naturel : CO2 entre 8,8 % et 9,6 % selon le constructeur.',
          'CO mesuré inférieur à 100 ppm.',
          'Noter les valeurs sur l’attestation d’entretien.',
        ],
      },
    ],
    content:
      '<p>Un mauvais réglage de combustion réduit le rendement et accélère l’encrassement de l’échangeur. La fiche jointe rappelle la méthode de mesure et les valeurs à viser pour les chaudières gaz à condensation.</p><ul><li>mesure à puissance maximale puis minimale ;</li><li>contrôle du CO ambiant ;</li><li>report des valeurs sur l’attestation.</li></ul>',
  },
];
