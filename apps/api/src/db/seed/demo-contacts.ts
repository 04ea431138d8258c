import type { ContactType } from '@reseau/contracts';
import type { DbOrTx } from '../client.js';
import { contacts } from '../schema/index.js';

/**
 * Demands the demo agencies received (spec 02 §3), so that the dashboard's clients panel and the
 * demands screens have something to show: prospects from the public site (not known customers)
 * and requests of known customers, some still to process, some processed during the last month
 * and some earlier. Dates follow the clock.
 */
interface DemoContact {
  agency: string;
  type: ContactType;
  fullName: string;
  emailAddress: string;
  phone: string;
  postalCode: string;
  city: string;
  /** A customer of the agency (an account email) or a prospect. */
  client?: string;
  daysAgo: number;
  /** Days ago it was marked processed; absent when still to process. */
  processedDaysAgo?: number;
  data: Record<string, unknown>;
}

const site = (message: string) => ({ message, source: 'site', optInNewsletter: false });

const DEMO_CONTACTS: DemoContact[] = [
  // Thermi'Nord Lille
  {
    agency: 'lille',
    type: 'SITE_CONTACT',
    fullName: 'Nathalie Bernard',
    emailAddress: 'n.bernard@exemple.fr',
    phone: '06 11 42 87 30',
    postalCode: '59800',
    city: 'Lille',
    daysAgo: 1,
    data: site('Bonjour, je souhaite un devis pour remplacer ma chaudière fioul par une pompe à chaleur.'),
  },
  {
    agency: 'lille',
    type: 'SOLUTIONS_CONTACT',
    fullName: 'Karim Haddad',
    emailAddress: 'karim.haddad@exemple.fr',
    phone: '07 62 18 44 95',
    postalCode: '59650',
    city: "Villeneuve-d'Ascq",
    daysAgo: 2,
    data: { message: 'Intéressé par une climatisation réversible pour un appartement de 70 m².', optIn: true },
  },
  {
    agency: 'lille',
    type: 'SITE_CONTACT',
    fullName: 'Élodie Martin',
    emailAddress: 'elodie.martin@exemple.fr',
    phone: '06 74 20 58 13',
    postalCode: '59100',
    city: 'Roubaix',
    daysAgo: 3,
    data: site('Ma chaudière se met en sécurité plusieurs fois par jour, pouvez-vous passer ?'),
  },
  {
    agency: 'lille',
    type: 'EXTRANET_AGENCY_CONTACT',
    fullName: 'Sophie Lefèvre',
    emailAddress: 'client@demo.fr',
    phone: '06 12 34 56 78',
    postalCode: '59000',
    city: 'Lille',
    client: 'client@demo.fr',
    daysAgo: 4,
    data: {
      subjectId: 2,
      subject: "Rendez-vous d'entretien",
      message: 'Je souhaite avancer mon entretien annuel avant l’hiver.',
      source: 'extranet',
      isAvailableInTheMorning: true,
      isAvailableAtMidday: false,
      isAvailableInTheAfternoon: false,
      isAvailableAllDay: false,
    },
  },
  {
    agency: 'lille',
    type: 'SITE_CONTACT',
    fullName: 'Jérôme Petit',
    emailAddress: 'jerome.petit@exemple.fr',
    phone: '06 52 81 37 64',
    postalCode: '59700',
    city: 'Marcq-en-Barœul',
    daysAgo: 9,
    processedDaysAgo: 8,
    data: site('Devis pour un contrat d’entretien de PAC air/eau.'),
  },
  {
    agency: 'lille',
    type: 'SITE_CONTACT',
    fullName: 'Claire Dubois',
    emailAddress: 'claire.dubois@exemple.fr',
    phone: '06 48 16 72 09',
    postalCode: '59160',
    city: 'Lomme',
    daysAgo: 15,
    processedDaysAgo: 14,
    data: site('Fuite sur le groupe de sécurité du ballon d’eau chaude.'),
  },
  {
    agency: 'lille',
    type: 'EXTRANET_AGENCY_CONTACT',
    fullName: 'Sophie Lefèvre',
    emailAddress: 'client@demo.fr',
    phone: '06 12 34 56 78',
    postalCode: '59000',
    city: 'Lille',
    client: 'client@demo.fr',
    daysAgo: 21,
    processedDaysAgo: 20,
    data: {
      subjectId: 1,
      subject: 'Panne',
      message: 'Plus d’eau chaude depuis ce matin.',
      source: 'extranet',
      isAvailableInTheMorning: false,
      isAvailableAtMidday: false,
      isAvailableInTheAfternoon: false,
      isAvailableAllDay: true,
    },
  },
  {
    agency: 'lille',
    type: 'SITE_CONTACT',
    fullName: 'Thierry Lambert',
    emailAddress: 't.lambert@exemple.fr',
    phone: '06 30 95 41 26',
    postalCode: '59200',
    city: 'Tourcoing',
    daysAgo: 52,
    processedDaysAgo: 50,
    data: site('Demande de visite pour un poêle à granulés.'),
  },
  // Thermi'Nord Valenciennes
  {
    agency: 'valenciennes',
    type: 'SITE_CONTACT',
    fullName: 'Manon Leroy',
    emailAddress: 'manon.leroy@exemple.fr',
    phone: '06 27 63 90 14',
    postalCode: '59410',
    city: 'Anzin',
    daysAgo: 2,
    data: site('Bonjour, quel est le tarif d’un entretien de chaudière gaz ?'),
  },
  {
    agency: 'valenciennes',
    type: 'EXTRANET_AGENCY_CONTACT',
    fullName: 'Antoine Mercier',
    emailAddress: 'client2@demo.fr',
    phone: '06 98 76 54 32',
    postalCode: '59300',
    city: 'Valenciennes',
    client: 'client2@demo.fr',
    daysAgo: 5,
    data: {
      subjectId: 3,
      subject: 'Déménagement ou autre demande',
      message: 'Je déménage en juin, comment transférer mon contrat ?',
      source: 'extranet',
      isAvailableInTheMorning: false,
      isAvailableAtMidday: true,
      isAvailableInTheAfternoon: false,
      isAvailableAllDay: false,
    },
  },
  {
    agency: 'valenciennes',
    type: 'SITE_CONTACT',
    fullName: 'Bernard Caron',
    emailAddress: 'bernard.caron@exemple.fr',
    phone: '06 85 14 23 67',
    postalCode: '59300',
    city: 'Valenciennes',
    daysAgo: 12,
    processedDaysAgo: 11,
    data: site('Remplacement d’un radiateur en fonte.'),
  },
  // Flandres Énergies Dunkerque
  {
    agency: 'dunkerque',
    type: 'SITE_CONTACT',
    fullName: 'Gaëlle Vandenberghe',
    emailAddress: 'g.vandenberghe@exemple.fr',
    phone: '06 41 75 82 30',
    postalCode: '59240',
    city: 'Dunkerque',
    daysAgo: 1,
    data: site('Installation de panneaux photovoltaïques sur une maison individuelle.'),
  },
  {
    agency: 'dunkerque',
    type: 'SITE_CONTACT',
    fullName: 'Yannick Deswarte',
    emailAddress: 'y.deswarte@exemple.fr',
    phone: '06 19 57 34 82',
    postalCode: '59760',
    city: 'Grande-Synthe',
    daysAgo: 6,
    processedDaysAgo: 5,
    data: site('Entretien annuel d’une chaudière à condensation.'),
  },
  // Val de Loire Thermique Orléans
  {
    agency: 'orleans',
    type: 'SOLUTIONS_CONTACT',
    fullName: 'Lucie Moreau',
    emailAddress: 'lucie.moreau@exemple.fr',
    phone: '06 33 72 18 49',
    postalCode: '45100',
    city: 'Orléans',
    daysAgo: 3,
    data: { message: 'Projet de PAC hybride pour une maison de 120 m².', optIn: false },
  },
  {
    agency: 'orleans',
    type: 'SITE_CONTACT',
    fullName: 'Patrice Girard',
    emailAddress: 'patrice.girard@exemple.fr',
    phone: '06 90 26 41 57',
    postalCode: '45160',
    city: 'Olivet',
    daysAgo: 7,
    data: site('Climatisation de bureaux (3 pièces), demande de devis.'),
  },
  {
    agency: 'orleans',
    type: 'SITE_CONTACT',
    fullName: 'Sandrine Roy',
    emailAddress: 'sandrine.roy@exemple.fr',
    phone: '06 58 43 19 26',
    postalCode: '45800',
    city: 'Saint-Jean-de-Braye',
    daysAgo: 18,
    processedDaysAgo: 16,
    data: site('Désembouage du circuit de chauffage.'),
  },
];

const DAY = 86_400_000;

export async function seedDemoContacts(
  tx: DbOrTx,
  ids: { agency: (key: string) => number; client: (email: string) => number },
  now: number,
): Promise<void> {
  await tx.insert(contacts).values(
    DEMO_CONTACTS.map((c) => {
      return {
        agencyId: ids.agency(c.agency),
        type: c.type,
        clientId: c.client ? ids.client(c.client) : null,
        fullName: c.fullName,
        emailAddress: c.emailAddress,
        phone: c.phone,
        postalCode: c.postalCode,
        city: c.city,
        isClientKnown: c.client !== undefined,
        isProcessed: c.processedDaysAgo !== undefined,
        processedAt: c.processedDaysAgo === undefined ? null : new Date(now - c.processedDaysAgo * DAY),
        data: c.data,
        createdAt: new Date(now - c.daysAgo * DAY),
      };
    }),
  );
}
