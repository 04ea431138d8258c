import type { NotificationType } from '@reseau/contracts';

/**
 * Notifications of the demo accounts. The ids they carry (news, forum threads, documents) are
 * those the demo content is expected to have: DEMO_CONTENT_REFS lists them so that a content
 * seed can create the matching rows with the same ids and titles.
 */

export const DEMO_CONTENT_REFS = {
  networkActualities: [
    { id: 1, title: 'Assemblée générale 2026 : les inscriptions sont ouvertes' },
    { id: 2, title: "MaPrimeRénov' 2026 : ce qui change pour vos clients" },
    { id: 3, title: "Campagne d'entretien des chaudières : le kit de communication est disponible" },
    { id: 4, title: 'Fluides frigorigènes : rappel des obligations F-Gas' },
  ],
  /** Forums 1 adhérents, 2 technique, 3 administratif, 4 CA (spec 00 §6). */
  forumThreads: [
    { id: 1, forumId: 1, title: "Retours d'expérience sur les PAC hybrides" },
    { id: 2, forumId: 1, title: 'Quel logiciel de planification pour le SAV ?' },
    { id: 3, forumId: 2, title: 'Code défaut F28 sur chaudière murale gaz' },
    { id: 4, forumId: 2, title: "Mise en service d'une PAC air/eau : réglage de la loi d'eau" },
    { id: 5, forumId: 3, title: "Modèle de contrat d'entretien 2026" },
  ],
  /** Bases 1 générale, 2 espace CA, 3 à 7 régionales (3 Nord). */
  documentBases: [
    { id: 1, name: 'Base documentaire générale' },
    { id: 2, name: 'Espace CA' },
    { id: 3, name: 'Base documentaire Nord' },
  ],
  documentBaseItems: [
    { id: 1, documentBaseId: 1, title: 'Charte graphique du réseau 2026' },
    { id: 2, documentBaseId: 1, title: 'Fiche technique : désembouage des circuits de chauffage' },
    { id: 3, documentBaseId: 2, title: "Procès-verbal du conseil d'administration" },
    { id: 4, documentBaseId: 3, title: 'Compte rendu de la réunion régionale Nord' },
  ],
  sparePartAnnouncements: [
    { id: 1, title: 'Carte électronique pour chaudière Saunier Duval ThemaPlus', ownerFullName: 'Olivier Vasseur' },
    { id: 2, title: "Vase d'expansion 18 L neuf", ownerFullName: 'Olivier Vasseur' },
    { id: 3, title: 'Circulateur Grundfos UPM3 15-70', ownerFullName: 'Kévin Delattre' },
    { id: 4, title: 'Échangeur à plaques pour chaudière De Dietrich', ownerFullName: 'Kévin Delattre' },
  ],
} as const;

export interface DemoNotification {
  to: string;
  type: NotificationType;
  isRead: boolean;
  /** Age of the notification when the seed runs. */
  hoursAgo: number;
  data: Record<string, unknown>;
}

const news = (i: 0 | 1 | 2 | 3) => ({
  networkActualityId: DEMO_CONTENT_REFS.networkActualities[i].id,
  networkActualityTitle: DEMO_CONTENT_REFS.networkActualities[i].title,
});
const thread = (i: 0 | 1 | 2 | 3 | 4) => ({
  forumId: DEMO_CONTENT_REFS.forumThreads[i].forumId,
  forumThreadId: DEMO_CONTENT_REFS.forumThreads[i].id,
  forumThreadTitle: DEMO_CONTENT_REFS.forumThreads[i].title,
});
const doc = (i: 0 | 1 | 2 | 3) => {
  const item = DEMO_CONTENT_REFS.documentBaseItems[i];
  const base = DEMO_CONTENT_REFS.documentBases.find((b) => b.id === item.documentBaseId)!;
  return { documentBaseId: base.id, documentBaseName: base.name, documentBaseItemId: item.id, documentBaseItemTitle: item.title };
};
/** An answer to one's spare-part announcement: the owner (the recipient) and who answered, with how to reach them. */
const sparePart = (
  i: 0 | 1 | 2 | 3,
  applicant: { fullName: string; agencyName: string; emailAddress: string; phone: string },
) => ({
  sparePartAnnouncementId: DEMO_CONTENT_REFS.sparePartAnnouncements[i].id,
  sparePartAnnouncementTitle: DEMO_CONTENT_REFS.sparePartAnnouncements[i].title,
  ownerFullName: DEMO_CONTENT_REFS.sparePartAnnouncements[i].ownerFullName,
  applicantFullName: applicant.fullName,
  agencyName: applicant.agencyName,
  emailAddress: applicant.emailAddress,
  phone: applicant.phone,
});

const day = 24;

export const DEMO_NOTIFICATIONS: DemoNotification[] = [
  // admin@demo.fr: 7, of which 4 unread
  { to: 'admin@demo.fr', type: 'NEW_FORUM_THREAD', isRead: false, hoursAgo: 2, data: thread(4) },
  { to: 'admin@demo.fr', type: 'NEW_FORUM_POST', isRead: false, hoursAgo: 9, data: thread(0) },
  { to: 'admin@demo.fr', type: 'NEW_DOCUMENT', isRead: false, hoursAgo: 1 * day + 5, data: doc(2) },
  { to: 'admin@demo.fr', type: 'NEW_FORUM_THREAD', isRead: false, hoursAgo: 3 * day + 2, data: thread(1) },
  { to: 'admin@demo.fr', type: 'NEW_NETWORK_ACTUALITY', isRead: true, hoursAgo: 6 * day + 4, data: news(1) },
  { to: 'admin@demo.fr', type: 'NEW_DOCUMENT', isRead: true, hoursAgo: 11 * day + 3, data: doc(0) },
  { to: 'admin@demo.fr', type: 'NEW_FORUM_POST', isRead: true, hoursAgo: 18 * day + 6, data: thread(2) },

  // dirigeant@demo.fr: 7, of which 3 unread
  { to: 'dirigeant@demo.fr', type: 'NEW_NETWORK_ACTUALITY', isRead: false, hoursAgo: 4, data: news(0) },
  {
    to: 'dirigeant@demo.fr',
    type: 'SPARE_PART_ANNOUNCEMENT_WANT',
    isRead: false,
    hoursAgo: 1 * day + 1,
    data: sparePart(0, {
      fullName: 'Bruno Vanderhaeghe',
      agencyName: 'Flandres Énergies Dunkerque',
      emailAddress: 'bruno.vanderhaeghe@demo.fr',
      phone: '06 08 63 27 91',
    }),
  },
  { to: 'dirigeant@demo.fr', type: 'NEW_DOCUMENT', isRead: false, hoursAgo: 2 * day + 7, data: doc(3) },
  { to: 'dirigeant@demo.fr', type: 'NEW_FORUM_POST', isRead: true, hoursAgo: 5 * day, data: thread(0) },
  { to: 'dirigeant@demo.fr', type: 'NEW_NETWORK_ACTUALITY', isRead: true, hoursAgo: 6 * day + 4, data: news(1) },
  {
    to: 'dirigeant@demo.fr',
    type: 'SPARE_PART_ANNOUNCEMENT_EXPIRATION',
    isRead: true,
    hoursAgo: 12 * day + 8,
    data: {
      sparePartAnnouncementId: DEMO_CONTENT_REFS.sparePartAnnouncements[1].id,
      sparePartAnnouncementTitle: DEMO_CONTENT_REFS.sparePartAnnouncements[1].title,
      ownerFullName: 'Olivier Vasseur',
    },
  },
  { to: 'dirigeant@demo.fr', type: 'NEW_FORUM_THREAD', isRead: true, hoursAgo: 19 * day + 2, data: thread(1) },

  // technicien@demo.fr: 6, of which 2 unread
  { to: 'technicien@demo.fr', type: 'NEW_FORUM_THREAD', isRead: false, hoursAgo: 6, data: thread(3) },
  {
    to: 'technicien@demo.fr',
    type: 'SPARE_PART_ANNOUNCEMENT_HAVE',
    isRead: false,
    hoursAgo: 1 * day + 8,
    data: sparePart(2, {
      fullName: 'Jérémy Bonnet',
      agencyName: 'Val de Loire Thermique Orléans',
      emailAddress: 'jeremy.bonnet@demo.fr',
      phone: '06 84 12 53 70',
    }),
  },
  { to: 'technicien@demo.fr', type: 'NEW_FORUM_POST', isRead: true, hoursAgo: 4 * day + 3, data: thread(2) },
  { to: 'technicien@demo.fr', type: 'NEW_DOCUMENT', isRead: true, hoursAgo: 8 * day + 1, data: doc(1) },
  {
    to: 'technicien@demo.fr',
    type: 'SPARE_PART_ANNOUNCEMENT_WANT',
    isRead: true,
    hoursAgo: 13 * day + 5,
    data: sparePart(3, {
      fullName: 'Romain Leroux',
      agencyName: 'Atlantique Chauffage Nantes',
      emailAddress: 'romain.leroux@demo.fr',
      phone: '06 35 71 28 64',
    }),
  },
  { to: 'technicien@demo.fr', type: 'NEW_NETWORK_ACTUALITY', isRead: true, hoursAgo: 17 * day + 9, data: news(2) },
];
