/**
 * The people of the demo network: intranet users (admins table, roles 1 to 9) and extranet
 * customers. Agencies are referred to by the keys of demo-network.ts. Every address is in
 * demo.fr so that no mail can reach a real person.
 */

export const DEMO_PASSWORD = 'Demo2026!';

/** The accounts ARCHITECTURE.md promises, with where they belong (agency names as seeded). */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@demo.fr', kind: 'admin', roleId: 1 },
  animateur: { email: 'animateur@demo.fr', kind: 'admin', roleId: 3 },
  dirigeant: {
    email: 'dirigeant@demo.fr',
    kind: 'admin',
    roleId: 4,
    adherent: "Thermi'Nord Services",
    agencies: ["Thermi'Nord Lille", "Thermi'Nord Valenciennes"],
  },
  technicien: {
    email: 'technicien@demo.fr',
    kind: 'admin',
    roleId: 6,
    adherent: "Thermi'Nord Services",
    agencies: ["Thermi'Nord Lille"],
  },
  comptable: {
    email: 'comptable@demo.fr',
    kind: 'admin',
    roleId: 8,
    adherent: "Thermi'Nord Services",
    agencies: ["Thermi'Nord Lille", "Thermi'Nord Valenciennes"],
  },
  agence: {
    email: 'agence@demo.fr',
    kind: 'admin',
    roleId: 9,
    adherent: "Thermi'Nord Services",
    agencies: ["Thermi'Nord Lille"],
  },
  /** A second adherent in another region (Ouest), for the adherent users screens (README). */
  dirigeantOuest: {
    email: 'gwenael.lebihan@demo.fr',
    kind: 'admin',
    roleId: 4,
    adherent: 'Breizh Énergie Services',
    agencies: ['Breizh Énergie Rennes', 'Breizh Énergie Vannes'],
  },
  responsableOuest: {
    email: 'erwan.legall@demo.fr',
    kind: 'admin',
    roleId: 7,
    adherent: 'Breizh Énergie Services',
    agencies: ['Breizh Énergie Vannes'],
  },
  client: { email: 'client@demo.fr', kind: 'client', agencies: ["Thermi'Nord Lille", 'Flandres Énergies Dunkerque'] },
  client2: { email: 'client2@demo.fr', kind: 'client', agencies: ["Thermi'Nord Valenciennes"] },
  nouveau: { email: 'nouveau@demo.fr', kind: 'client', agencies: ["Thermi'Nord Lille"] },
} as const;

export interface DemoAdmin {
  email: string;
  firstName: string;
  lastName: string;
  roleId: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
  position: string;
  phone: string;
  /** Network roles only; adherent-level users take their adherent's region. */
  regionId?: 1 | 2 | 3 | 4 | 5;
  /** Adherent-level roles only: adherent key and the agency keys they work for. */
  adherent?: string;
  agencies?: string[];
  isAdherentAdmin?: boolean;
  isActive?: boolean;
  cooperativeRoles?: string[];
}

export const DEMO_ADMINS: DemoAdmin[] = [
  // Network team (roles 1 to 3)
  {
    email: 'admin@demo.fr',
    firstName: 'Isabelle',
    lastName: 'Garnier',
    roleId: 1,
    position: 'Déléguée générale du réseau',
    phone: '06 12 48 73 90',
    regionId: 2,
  },
  {
    email: 'marc.lemoine@demo.fr',
    firstName: 'Marc',
    lastName: 'Lemoine',
    roleId: 2,
    position: 'Responsable administratif et financier',
    phone: '06 23 51 84 07',
    regionId: 2,
  },
  {
    email: 'helene.marchand@demo.fr',
    firstName: 'Hélène',
    lastName: 'Marchand',
    roleId: 2,
    position: 'Chargée de communication',
    phone: '06 45 19 62 38',
    regionId: 5,
  },
  {
    email: 'animateur@demo.fr',
    firstName: 'Julien',
    lastName: 'Roussel',
    roleId: 3,
    position: 'Animateur régional Nord et Centre',
    phone: '06 31 74 28 56',
    regionId: 1,
  },
  {
    email: 'aurelie.fontaine@demo.fr',
    firstName: 'Aurélie',
    lastName: 'Fontaine',
    roleId: 3,
    position: 'Animatrice régionale Sud-Ouest',
    phone: '06 58 02 41 67',
    regionId: 4,
  },

  // Thermi'Nord Services (Lille, Valenciennes): the adherent of the demo accounts
  {
    email: 'dirigeant@demo.fr',
    firstName: 'Olivier',
    lastName: 'Vasseur',
    roleId: 4,
    position: 'Gérant',
    phone: '06 14 27 85 36',
    adherent: 'thermi-nord',
    agencies: ['lille', 'valenciennes'],
    isAdherentAdmin: true,
    cooperativeRoles: ['BoardMember'],
  },
  {
    email: 'sandrine.dupuis@demo.fr',
    firstName: 'Sandrine',
    lastName: 'Dupuis',
    roleId: 5,
    position: 'Assistante administrative',
    phone: '03 20 54 18 73',
    adherent: 'thermi-nord',
    agencies: ['lille', 'valenciennes'],
  },
  {
    email: 'technicien@demo.fr',
    firstName: 'Kévin',
    lastName: 'Delattre',
    roleId: 6,
    position: 'Technicien chauffagiste',
    phone: '06 62 39 17 48',
    adherent: 'thermi-nord',
    agencies: ['lille'],
  },
  {
    email: 'maxime.lecomte@demo.fr',
    firstName: 'Maxime',
    lastName: 'Lecomte',
    roleId: 6,
    position: 'Technicien SAV',
    phone: '06 77 81 04 29',
    adherent: 'thermi-nord',
    agencies: ['valenciennes'],
  },
  {
    email: 'thomas.caron@demo.fr',
    firstName: 'Thomas',
    lastName: 'Caron',
    roleId: 7,
    position: "Responsable d'agence",
    phone: '03 27 46 22 11',
    adherent: 'thermi-nord',
    agencies: ['valenciennes'],
  },
  {
    email: 'comptable@demo.fr',
    firstName: 'Nathalie',
    lastName: 'Lefebvre',
    roleId: 8,
    position: 'Comptable',
    phone: '03 20 54 18 74',
    adherent: 'thermi-nord',
    agencies: ['lille', 'valenciennes'],
  },
  {
    email: 'agence@demo.fr',
    firstName: 'Camille',
    lastName: 'Deschamps',
    roleId: 9,
    position: 'Chargée de clientèle',
    phone: '03 20 54 18 75',
    adherent: 'thermi-nord',
    agencies: ['lille'],
  },

  // Flandres Énergies (Dunkerque)
  {
    email: 'bruno.vanderhaeghe@demo.fr',
    firstName: 'Bruno',
    lastName: 'Vanderhaeghe',
    roleId: 4,
    position: 'Gérant',
    phone: '06 08 63 27 91',
    adherent: 'flandres',
    agencies: ['dunkerque'],
    isAdherentAdmin: true,
    cooperativeRoles: ['President'],
  },
  {
    email: 'ludivine.declercq@demo.fr',
    firstName: 'Ludivine',
    lastName: 'Declercq',
    roleId: 9,
    position: "Chargée d'accueil",
    phone: '03 28 63 41 26',
    adherent: 'flandres',
    agencies: ['dunkerque'],
  },

  // Val de Loire Thermique (Orléans, Blois, Tours)
  {
    email: 'pascal.renard@demo.fr',
    firstName: 'Pascal',
    lastName: 'Renard',
    roleId: 4,
    position: 'Président',
    phone: '06 21 45 78 02',
    adherent: 'val-de-loire',
    agencies: ['orleans', 'blois', 'tours'],
    isAdherentAdmin: true,
    cooperativeRoles: ['PartnerCommission'],
  },
  {
    email: 'emilie.rousseau@demo.fr',
    firstName: 'Émilie',
    lastName: 'Rousseau',
    roleId: 7,
    position: "Responsable d'agence",
    phone: '02 54 78 12 10',
    adherent: 'val-de-loire',
    agencies: ['blois'],
  },
  {
    email: 'francois.perrin@demo.fr',
    firstName: 'François',
    lastName: 'Perrin',
    roleId: 7,
    position: "Responsable d'agence",
    phone: '02 47 20 63 59',
    adherent: 'val-de-loire',
    agencies: ['tours'],
  },
  {
    email: 'jeremy.bonnet@demo.fr',
    firstName: 'Jérémy',
    lastName: 'Bonnet',
    roleId: 6,
    position: 'Technicien PAC',
    phone: '06 84 12 53 70',
    adherent: 'val-de-loire',
    agencies: ['orleans', 'tours'],
  },
  {
    email: 'anthony.lambert@demo.fr',
    firstName: 'Anthony',
    lastName: 'Lambert',
    roleId: 6,
    position: 'Technicien chauffagiste',
    phone: '06 93 27 40 15',
    adherent: 'val-de-loire',
    agencies: ['orleans'],
    isActive: false,
  },
  {
    email: 'valerie.michaud@demo.fr',
    firstName: 'Valérie',
    lastName: 'Michaud',
    roleId: 8,
    position: 'Responsable comptable',
    phone: '02 38 53 27 65',
    adherent: 'val-de-loire',
    agencies: ['orleans', 'blois', 'tours'],
  },

  // Berry Confort Chauffage (Bourges)
  {
    email: 'aurelie.chevalier@demo.fr',
    firstName: 'Aurélie',
    lastName: 'Chevalier',
    roleId: 4,
    position: 'Gérante',
    phone: '06 40 86 13 52',
    adherent: 'berry',
    agencies: ['bourges'],
    isAdherentAdmin: true,
  },

  // Atlantique Chauffage (Nantes, Saint-Nazaire)
  {
    email: 'stephane.guerin@demo.fr',
    firstName: 'Stéphane',
    lastName: 'Guérin',
    roleId: 4,
    position: 'Directeur général',
    phone: '06 17 52 94 38',
    adherent: 'atlantique',
    agencies: ['nantes', 'saint-nazaire'],
    isAdherentAdmin: true,
    cooperativeRoles: ['ITCommission'],
  },
  {
    email: 'laetitia.hamon@demo.fr',
    firstName: 'Laëtitia',
    lastName: 'Hamon',
    roleId: 5,
    position: 'Assistante administrative',
    phone: '02 40 69 15 83',
    adherent: 'atlantique',
    agencies: ['nantes', 'saint-nazaire'],
  },
  {
    email: 'romain.leroux@demo.fr',
    firstName: 'Romain',
    lastName: 'Leroux',
    roleId: 6,
    position: 'Responsable SAV',
    phone: '06 35 71 28 64',
    adherent: 'atlantique',
    agencies: ['nantes'],
  },
  {
    email: 'morgane.baudry@demo.fr',
    firstName: 'Morgane',
    lastName: 'Baudry',
    roleId: 9,
    position: 'Conseillère clientèle',
    phone: '02 40 22 48 18',
    adherent: 'atlantique',
    agencies: ['saint-nazaire'],
  },

  // Breizh Énergie Services (Rennes, Vannes)
  {
    email: 'gwenael.lebihan@demo.fr',
    firstName: 'Gwenaël',
    lastName: 'Le Bihan',
    roleId: 4,
    position: 'Gérant',
    phone: '06 26 93 48 17',
    adherent: 'breizh',
    agencies: ['rennes', 'vannes'],
    isAdherentAdmin: true,
    cooperativeRoles: ['CSRCommission'],
  },
  {
    email: 'erwan.legall@demo.fr',
    firstName: 'Erwan',
    lastName: 'Le Gall',
    roleId: 7,
    position: "Responsable d'agence",
    phone: '02 97 47 30 56',
    adherent: 'breizh',
    agencies: ['vannes'],
  },

  // Garonne Clim & Chauffage (Bordeaux, Libourne)
  {
    email: 'laurent.dufour@demo.fr',
    firstName: 'Laurent',
    lastName: 'Dufour',
    roleId: 4,
    position: 'Gérant',
    phone: '06 52 07 81 34',
    adherent: 'garonne',
    agencies: ['bordeaux', 'libourne'],
    isAdherentAdmin: true,
    cooperativeRoles: ['TrainingCommission'],
  },
  {
    email: 'celine.barbier@demo.fr',
    firstName: 'Céline',
    lastName: 'Barbier',
    roleId: 8,
    position: 'Comptable',
    phone: '05 56 44 71 94',
    adherent: 'garonne',
    agencies: ['bordeaux', 'libourne'],
  },
  {
    email: 'nicolas.moulin@demo.fr',
    firstName: 'Nicolas',
    lastName: 'Moulin',
    roleId: 6,
    position: 'Technicien frigoriste',
    phone: '06 71 36 92 05',
    adherent: 'garonne',
    agencies: ['bordeaux'],
  },

  // Pyrénées Thermic (Toulouse, Pau)
  {
    email: 'jeanmarc.lacoste@demo.fr',
    firstName: 'Jean-Marc',
    lastName: 'Lacoste',
    roleId: 4,
    position: 'Président-directeur général',
    phone: '06 09 54 31 86',
    adherent: 'pyrenees',
    agencies: ['toulouse', 'pau'],
    isAdherentAdmin: true,
  },
  {
    email: 'sophie.fabre@demo.fr',
    firstName: 'Sophie',
    lastName: 'Fabre',
    roleId: 5,
    position: 'Assistante de direction',
    phone: '05 61 62 39 85',
    adherent: 'pyrenees',
    agencies: ['toulouse'],
  },
  {
    email: 'david.castex@demo.fr',
    firstName: 'David',
    lastName: 'Castex',
    roleId: 9,
    position: 'Planificateur SAV',
    phone: '05 59 27 08 17',
    adherent: 'pyrenees',
    agencies: ['pau'],
  },

  // Rhône-Alpes Énergies (Lyon, Grenoble)
  {
    email: 'christophe.berthier@demo.fr',
    firstName: 'Christophe',
    lastName: 'Berthier',
    roleId: 4,
    position: 'Gérant',
    phone: '06 44 18 72 59',
    adherent: 'rhone-alpes',
    agencies: ['lyon', 'grenoble'],
    isAdherentAdmin: true,
    cooperativeRoles: ['AxinvestCommission'],
  },
  {
    email: 'amandine.giraud@demo.fr',
    firstName: 'Amandine',
    lastName: 'Giraud',
    roleId: 7,
    position: "Responsable d'agence",
    phone: '04 76 46 82 31',
    adherent: 'rhone-alpes',
    agencies: ['grenoble'],
  },
  {
    email: 'mehdi.benali@demo.fr',
    firstName: 'Mehdi',
    lastName: 'Benali',
    roleId: 6,
    position: 'Technicien climatisation',
    phone: '06 86 25 49 13',
    adherent: 'rhone-alpes',
    agencies: ['lyon'],
  },
  {
    email: 'pauline.roche@demo.fr',
    firstName: 'Pauline',
    lastName: 'Roche',
    roleId: 9,
    position: 'Chargée de clientèle',
    phone: '04 78 62 45 20',
    adherent: 'rhone-alpes',
    agencies: ['lyon'],
  },

  // Provence Confort Thermique (Marseille)
  {
    email: 'frederic.marchetti@demo.fr',
    firstName: 'Frédéric',
    lastName: 'Marchetti',
    roleId: 4,
    position: 'Gérant',
    phone: '06 03 68 24 71',
    adherent: 'provence',
    agencies: ['marseille'],
    isAdherentAdmin: true,
    cooperativeRoles: ['Other'],
  },
  {
    email: 'julie.santoni@demo.fr',
    firstName: 'Julie',
    lastName: 'Santoni',
    roleId: 5,
    position: 'Assistante administrative',
    phone: '04 91 77 53 65',
    adherent: 'provence',
    agencies: ['marseille'],
  },
];

export interface DemoClient {
  email: string;
  firstName: string;
  lastName: string;
  agencies: string[];
  /** false: the agency knows the customer but no account was created yet (first connection). */
  hasPassword: boolean;
  /** Days since the email was verified; null while unverified. */
  verifiedDaysAgo: number | null;
}

export const DEMO_CLIENTS: DemoClient[] = [
  {
    email: 'client@demo.fr',
    firstName: 'Sophie',
    lastName: 'Lefèvre',
    agencies: ['lille', 'dunkerque'],
    hasPassword: true,
    verifiedDaysAgo: 120,
  },
  {
    email: 'client2@demo.fr',
    firstName: 'Antoine',
    lastName: 'Mercier',
    agencies: ['valenciennes'],
    hasPassword: true,
    verifiedDaysAgo: 64,
  },
  {
    email: 'nouveau@demo.fr',
    firstName: 'Bernard',
    lastName: 'Lemaire',
    agencies: ['lille'],
    hasPassword: false,
    verifiedDaysAgo: null,
  },
  {
    email: 'damien.lebrun@demo.fr',
    firstName: 'Damien',
    lastName: 'Lebrun',
    agencies: ['lille'],
    hasPassword: true,
    verifiedDaysAgo: 41,
  },
  {
    email: 'jeanpierre.morel@demo.fr',
    firstName: 'Jean-Pierre',
    lastName: 'Morel',
    agencies: ['orleans'],
    hasPassword: true,
    verifiedDaysAgo: 200,
  },
  {
    email: 'sylvie.faure@demo.fr',
    firstName: 'Sylvie',
    lastName: 'Faure',
    agencies: ['tours'],
    hasPassword: true,
    verifiedDaysAgo: null,
  },
  {
    email: 'monique.roux@demo.fr',
    firstName: 'Monique',
    lastName: 'Roux',
    agencies: ['bourges'],
    hasPassword: false,
    verifiedDaysAgo: null,
  },
  {
    email: 'martine.girard@demo.fr',
    firstName: 'Martine',
    lastName: 'Girard',
    agencies: ['nantes'],
    hasPassword: true,
    verifiedDaysAgo: 95,
  },
  {
    email: 'lucas.petit@demo.fr',
    firstName: 'Lucas',
    lastName: 'Petit',
    agencies: ['saint-nazaire'],
    hasPassword: true,
    verifiedDaysAgo: 12,
  },
  {
    email: 'yannick.lefloch@demo.fr',
    firstName: 'Yannick',
    lastName: 'Le Floch',
    agencies: ['rennes'],
    hasPassword: true,
    verifiedDaysAgo: 310,
  },
  {
    email: 'claire.moreau@demo.fr',
    firstName: 'Claire',
    lastName: 'Moreau',
    agencies: ['bordeaux'],
    hasPassword: true,
    verifiedDaysAgo: 58,
  },
  {
    email: 'philippe.bernard@demo.fr',
    firstName: 'Philippe',
    lastName: 'Bernard',
    agencies: ['toulouse'],
    hasPassword: true,
    verifiedDaysAgo: 150,
  },
  {
    email: 'helene.vidal@demo.fr',
    firstName: 'Hélène',
    lastName: 'Vidal',
    agencies: ['pau'],
    hasPassword: true,
    verifiedDaysAgo: 27,
  },
  {
    email: 'nadia.haddad@demo.fr',
    firstName: 'Nadia',
    lastName: 'Haddad',
    agencies: ['lyon', 'grenoble'],
    hasPassword: true,
    verifiedDaysAgo: 76,
  },
  {
    email: 'gerard.blanc@demo.fr',
    firstName: 'Gérard',
    lastName: 'Blanc',
    agencies: ['marseille'],
    hasPassword: true,
    verifiedDaysAgo: 33,
  },
];
