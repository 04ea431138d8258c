/**
 * The demo network: adherents and their agencies. Fixed data (no randomness) so that tests and
 * screenshots are stable. Addresses are real-looking, the coordinates are those of the city.
 * Contact addresses use *.demo.fr so that a configured SMTP never writes to a real company.
 */

export type Activity = 'GAZ' | 'PAC' | 'CLIM' | 'Biomasse' | 'PV' | 'Sanitaire' | 'Tertiaire';
export type JobType = 'CustomerServiceOnly' | 'CustomerServiceAndInstall';
/** Buckets of spec 01 §3: 1 (1-5), 6 (6-10), 11 (11-25), 26 (26-50), 50 (50+). */
export type EmployeeAmount = 1 | 6 | 11 | 26 | 50;
/** Buckets of spec 01 §3 in k€: 1 (0-500K), 500 (500K-1M), 1000 (1M-2M), 2000 (2M-4M), 4000 (+4M). */
export type SalesFigures = 1 | 500 | 1000 | 2000 | 4000;

export interface DemoAgency {
  /** Stable key used by the other demo lists (the city, lower case). */
  key: string;
  city: string;
  postalCode: string;
  address1: string;
  address2?: string;
  latitude: number;
  longitude: number;
  description: string;
  descriptionIntervention: string;
  openingHours: string;
  phones: { phone: string; label: string }[];
  activities: Activity[];
  jobType: JobType;
  employeeAmount: EmployeeAmount;
  salesFigures: SalesFigures;
  enteredNetworkAt: number;
  servedPostalCodes: string[];
  socialLinks?: { socialLinkLabelId: number; link: string }[];
  externalLink?: { label: string; url: string };
}

export interface DemoAdherent {
  key: string;
  /** Adherent name, also the prefix of its agencies' names. */
  name: string;
  /** Short brand put before the city in agency names. */
  brand: string;
  regionId: 1 | 2 | 3 | 4 | 5;
  businessName: string;
  /** First 8 digits of the SIREN; the 9th is the Luhn key, computed. */
  sirenBase: string;
  legalOfficer: string;
  /** Mail domain of the agencies' contact addresses. */
  domain: string;
  agencies: DemoAgency[];
}

const HOURS = {
  standard: '<p>Lundi au vendredi : 8h00 – 12h00, 13h30 – 18h00</p>',
  saturday: '<p>Lundi au vendredi : 8h00 – 12h00, 14h00 – 18h00</p><p>Samedi : 9h00 – 12h00</p>',
  shortFriday: '<p>Lundi au jeudi : 8h30 – 12h00, 13h30 – 17h30</p><p>Vendredi : 8h30 – 12h00, 13h30 – 16h30</p>',
  onCall: '<p>Lundi au vendredi : 7h30 – 12h00, 13h30 – 17h30</p><p>Astreinte dépannage 7j/7 pendant la période de chauffe</p>',
  continuous: '<p>Lundi au vendredi : 8h00 – 17h30 (journée continue)</p>',
} as const;

export const DEMO_ADHERENTS: DemoAdherent[] = [
  {
    key: 'thermi-nord',
    name: "Thermi'Nord Services",
    brand: "Thermi'Nord",
    regionId: 1,
    businessName: "Thermi'Nord Services SAS",
    sirenBase: '41235870',
    legalOfficer: 'Olivier Vasseur',
    domain: 'thermi-nord.demo.fr',
    agencies: [
      {
        key: 'lille',
        city: 'Lille',
        postalCode: '59000',
        address1: '45 rue Nationale',
        latitude: 50.6292,
        longitude: 3.0573,
        description:
          "Depuis 2004, Thermi'Nord Lille installe, entretient et dépanne chaudières gaz, pompes à chaleur et climatisations pour les particuliers et les copropriétés de la métropole lilloise.",
        descriptionIntervention:
          "Lille, Roubaix, Tourcoing, Villeneuve-d'Ascq, Marcq-en-Barœul et toute la métropole lilloise (30 km autour de Lille).",
        openingHours: HOURS.onCall,
        phones: [
          { phone: '03 20 54 18 72', label: 'Accueil' },
          { phone: '03 20 54 18 79', label: 'Urgences SAV' },
        ],
        activities: ['GAZ', 'PAC', 'CLIM', 'Sanitaire'],
        jobType: 'CustomerServiceAndInstall',
        employeeAmount: 11,
        salesFigures: 2000,
        enteredNetworkAt: 2004,
        servedPostalCodes: ['59000', '59800', '59700', '59100', '59200', '59650', '59160'],
        socialLinks: [
          { socialLinkLabelId: 1, link: 'https://www.facebook.com/thermi.nord.demo' },
          { socialLinkLabelId: 2, link: 'https://www.linkedin.com/company/thermi-nord-demo' },
        ],
        externalLink: { label: 'Notre site', url: 'https://www.thermi-nord.demo.fr' },
      },
      {
        key: 'valenciennes',
        city: 'Valenciennes',
        postalCode: '59300',
        address1: '18 avenue de Denain',
        latitude: 50.357,
        longitude: 3.5235,
        description:
          "L'agence de Valenciennes assure l'entretien et le dépannage des chaudières gaz, pompes à chaleur et poêles à granulés du Valenciennois.",
        descriptionIntervention: 'Valenciennes, Anzin, Saint-Saulve, Marly, Denain et le Hainaut (25 km autour de Valenciennes).',
        openingHours: HOURS.standard,
        phones: [{ phone: '03 27 46 22 10', label: 'Accueil' }],
        activities: ['GAZ', 'PAC', 'Biomasse'],
        jobType: 'CustomerServiceOnly',
        employeeAmount: 6,
        salesFigures: 500,
        enteredNetworkAt: 2011,
        servedPostalCodes: ['59300', '59410', '59880', '59770', '59220'],
      },
    ],
  },
  {
    key: 'flandres',
    name: 'Flandres Énergies',
    brand: 'Flandres Énergies',
    regionId: 1,
    businessName: 'Flandres Énergies SARL',
    sirenBase: '38291604',
    legalOfficer: 'Bruno Vanderhaeghe',
    domain: 'flandres-energies.demo.fr',
    agencies: [
      {
        key: 'dunkerque',
        city: 'Dunkerque',
        postalCode: '59140',
        address1: '22 boulevard Alexandre III',
        latitude: 51.0343,
        longitude: 2.3768,
        description:
          'Entreprise familiale fondée en 1987, Flandres Énergies conçoit et entretient les installations de chauffage, de production solaire et de plomberie du littoral dunkerquois.',
        descriptionIntervention:
          'Dunkerque, Malo-les-Bains, Grande-Synthe, Coudekerque-Branche, Bergues et le littoral de la Côte d’Opale.',
        openingHours: HOURS.saturday,
        phones: [
          { phone: '03 28 63 41 25', label: 'Accueil' },
          { phone: '06 72 18 45 93', label: 'Astreinte' },
        ],
        activities: ['GAZ', 'PAC', 'PV', 'Sanitaire'],
        jobType: 'CustomerServiceAndInstall',
        employeeAmount: 6,
        salesFigures: 1000,
        enteredNetworkAt: 1998,
        servedPostalCodes: ['59140', '59240', '59640', '59760', '59430', '59210'],
        socialLinks: [{ socialLinkLabelId: 1, link: 'https://www.facebook.com/flandres.energies.demo' }],
      },
    ],
  },
  {
    key: 'val-de-loire',
    name: 'Val de Loire Thermique',
    brand: 'Val de Loire Thermique',
    regionId: 2,
    businessName: 'Val de Loire Thermique SAS',
    sirenBase: '52408317',
    legalOfficer: 'Pascal Renard',
    domain: 'vdl-thermique.demo.fr',
    agencies: [
      {
        key: 'orleans',
        city: 'Orléans',
        postalCode: '45000',
        address1: '30 rue de la République',
        latitude: 47.903,
        longitude: 1.9093,
        description:
          "Siège de Val de Loire Thermique, l'agence d'Orléans réalise l'installation et la maintenance de chaufferies collectives, de pompes à chaleur et de climatisations pour particuliers et entreprises.",
        descriptionIntervention:
          'Orléans Métropole, Olivet, Saint-Jean-de-Braye, Fleury-les-Aubrais et le Loiret (40 km autour d’Orléans).',
        openingHours: HOURS.standard,
        phones: [
          { phone: '02 38 53 27 64', label: 'Accueil' },
          { phone: '02 38 53 27 60', label: 'Service entreprises' },
        ],
        activities: ['GAZ', 'PAC', 'CLIM', 'Tertiaire'],
        jobType: 'CustomerServiceAndInstall',
        employeeAmount: 26,
        salesFigures: 4000,
        enteredNetworkAt: 2001,
        servedPostalCodes: ['45000', '45100', '45160', '45140', '45800', '45400'],
        socialLinks: [{ socialLinkLabelId: 2, link: 'https://www.linkedin.com/company/vdl-thermique-demo' }],
        externalLink: { label: 'Demander un devis', url: 'https://www.vdl-thermique.demo.fr/devis' },
      },
      {
        key: 'blois',
        city: 'Blois',
        postalCode: '41000',
        address1: '14 avenue du Président Wilson',
        latitude: 47.5861,
        longitude: 1.3359,
        description:
          "L'agence de Blois entretient et installe chaudières gaz, chaudières à granulés et équipements sanitaires dans le Loir-et-Cher.",
        descriptionIntervention: 'Blois, Vineuil, La Chaussée-Saint-Victor, Saint-Gervais-la-Forêt et le Blésois.',
        openingHours: HOURS.shortFriday,
        phones: [{ phone: '02 54 78 12 09', label: 'Accueil' }],
        activities: ['GAZ', 'Biomasse', 'Sanitaire'],
        jobType: 'CustomerServiceAndInstall',
        employeeAmount: 6,
        salesFigures: 500,
        enteredNetworkAt: 2012,
        servedPostalCodes: ['41000', '41350', '41260'],
      },
      {
        key: 'tours',
        city: 'Tours',
        postalCode: '37000',
        address1: '65 boulevard Béranger',
        latitude: 47.3941,
        longitude: 0.6848,
        description:
          'Spécialiste des énergies renouvelables en Touraine : pompes à chaleur, climatisation réversible et panneaux photovoltaïques.',
        descriptionIntervention: 'Tours, Joué-lès-Tours, Saint-Cyr-sur-Loire, Saint-Avertin et l’agglomération tourangelle.',
        openingHours: HOURS.standard,
        phones: [{ phone: '02 47 20 63 58', label: 'Accueil' }],
        activities: ['PAC', 'CLIM', 'PV'],
        jobType: 'CustomerServiceAndInstall',
        employeeAmount: 11,
        salesFigures: 1000,
        enteredNetworkAt: 2016,
        servedPostalCodes: ['37000', '37100', '37200', '37300', '37540', '37550'],
      },
    ],
  },
  {
    key: 'berry',
    name: 'Berry Confort Chauffage',
    brand: 'Berry Confort',
    regionId: 2,
    businessName: 'Berry Confort Chauffage EURL',
    sirenBase: '81347529',
    legalOfficer: 'Aurélie Chevalier',
    domain: 'berry-confort.demo.fr',
    agencies: [
      {
        key: 'bourges',
        city: 'Bourges',
        postalCode: '18000',
        address1: '9 rue Moyenne',
        latitude: 47.081,
        longitude: 2.3988,
        description:
          'Entretien et dépannage de chaudières gaz et bois, installation de salles de bains adaptées : une équipe de proximité au cœur du Berry.',
        descriptionIntervention:
          'Bourges, Saint-Doulchard, Saint-Germain-du-Puy, Mehun-sur-Yèvre et le Cher (30 km autour de Bourges).',
        openingHours: HOURS.shortFriday,
        phones: [{ phone: '02 48 24 56 31', label: 'Accueil' }],
        activities: ['GAZ', 'Biomasse', 'Sanitaire'],
        jobType: 'CustomerServiceOnly',
        employeeAmount: 1,
        salesFigures: 1,
        enteredNetworkAt: 2019,
        servedPostalCodes: ['18000', '18230', '18390', '18500'],
      },
    ],
  },
  {
    key: 'atlantique',
    name: 'Atlantique Chauffage',
    brand: 'Atlantique Chauffage',
    regionId: 3,
    businessName: 'Atlantique Chauffage SAS',
    sirenBase: '39482150',
    legalOfficer: 'Stéphane Guérin',
    domain: 'atlantique-chauffage.demo.fr',
    agencies: [
      {
        key: 'nantes',
        city: 'Nantes',
        postalCode: '44000',
        address1: '27 quai de la Fosse',
        latitude: 47.2184,
        longitude: -1.5536,
        description:
          'Atlantique Chauffage accompagne depuis 1999 les particuliers, bailleurs et entreprises nantais : installation, maintenance et dépannage de tous systèmes de chauffage et de climatisation.',
        descriptionIntervention: 'Nantes, Rezé, Saint-Herblain, Orvault, Saint-Sébastien-sur-Loire et Nantes Métropole.',
        openingHours: HOURS.onCall,
        phones: [
          { phone: '02 40 69 15 82', label: 'Accueil' },
          { phone: '02 40 69 15 80', label: 'Dépannage' },
        ],
        activities: ['GAZ', 'PAC', 'CLIM', 'Sanitaire', 'Tertiaire'],
        jobType: 'CustomerServiceAndInstall',
        employeeAmount: 26,
        salesFigures: 2000,
        enteredNetworkAt: 1999,
        servedPostalCodes: ['44000', '44100', '44200', '44300', '44400', '44800', '44700'],
        socialLinks: [
          { socialLinkLabelId: 1, link: 'https://www.facebook.com/atlantique.chauffage.demo' },
          { socialLinkLabelId: 3, link: 'https://www.instagram.com/atlantique.chauffage.demo' },
        ],
        externalLink: { label: 'Notre site', url: 'https://www.atlantique-chauffage.demo.fr' },
      },
      {
        key: 'saint-nazaire',
        city: 'Saint-Nazaire',
        postalCode: '44600',
        address1: '40 avenue de la République',
        latitude: 47.2735,
        longitude: -2.2138,
        description: 'Chauffage, pompes à chaleur et photovoltaïque pour la presqu’île guérandaise et l’estuaire de la Loire.',
        descriptionIntervention: 'Saint-Nazaire, La Baule-Escoublac, Guérande, Pornichet, Montoir-de-Bretagne.',
        openingHours: HOURS.standard,
        phones: [{ phone: '02 40 22 48 17', label: 'Accueil' }],
        activities: ['GAZ', 'PAC', 'PV'],
        jobType: 'CustomerServiceAndInstall',
        employeeAmount: 6,
        salesFigures: 500,
        enteredNetworkAt: 2014,
        servedPostalCodes: ['44600', '44500', '44350', '44380', '44550'],
      },
    ],
  },
  {
    key: 'breizh',
    name: 'Breizh Énergie Services',
    brand: 'Breizh Énergie',
    regionId: 3,
    businessName: 'Breizh Énergie Services SARL',
    sirenBase: '75120983',
    legalOfficer: 'Gwenaël Le Bihan',
    domain: 'breizh-energie.demo.fr',
    agencies: [
      {
        key: 'rennes',
        city: 'Rennes',
        postalCode: '35000',
        address1: '11 boulevard de la Liberté',
        latitude: 48.1173,
        longitude: -1.6778,
        description:
          'Pompes à chaleur, chaudières à granulés, solaire photovoltaïque et plomberie : Breizh Énergie fait rimer confort et transition énergétique en Ille-et-Vilaine.',
        descriptionIntervention: 'Rennes, Cesson-Sévigné, Saint-Jacques-de-la-Lande, Bruz, Betton et Rennes Métropole.',
        openingHours: HOURS.standard,
        phones: [{ phone: '02 99 31 74 26', label: 'Accueil' }],
        activities: ['PAC', 'Biomasse', 'PV', 'Sanitaire'],
        jobType: 'CustomerServiceAndInstall',
        employeeAmount: 11,
        salesFigures: 1000,
        enteredNetworkAt: 2008,
        servedPostalCodes: ['35000', '35200', '35700', '35510', '35136', '35170'],
        socialLinks: [{ socialLinkLabelId: 1, link: 'https://www.facebook.com/breizh.energie.demo' }],
      },
      {
        key: 'vannes',
        city: 'Vannes',
        postalCode: '56000',
        address1: '5 avenue Victor Hugo',
        latitude: 47.6582,
        longitude: -2.7608,
        description: 'Entretien et dépannage de chaudières gaz et de pompes à chaleur autour du golfe du Morbihan.',
        descriptionIntervention: 'Vannes, Séné, Arradon, Saint-Avé, Theix-Noyalo et le golfe du Morbihan.',
        openingHours: HOURS.continuous,
        phones: [{ phone: '02 97 47 30 55', label: 'Accueil' }],
        activities: ['GAZ', 'PAC'],
        jobType: 'CustomerServiceOnly',
        employeeAmount: 1,
        salesFigures: 1,
        enteredNetworkAt: 2020,
        servedPostalCodes: ['56000', '56860', '56610', '56890'],
      },
    ],
  },
  {
    key: 'garonne',
    name: 'Garonne Clim & Chauffage',
    brand: 'Garonne Clim',
    regionId: 4,
    businessName: 'Garonne Clim & Chauffage SAS',
    sirenBase: '44873016',
    legalOfficer: 'Laurent Dufour',
    domain: 'garonne-clim.demo.fr',
    agencies: [
      {
        key: 'bordeaux',
        city: 'Bordeaux',
        postalCode: '33000',
        address1: "33 cours de l'Intendance",
        address2: '2e étage',
        latitude: 44.8378,
        longitude: -0.5792,
        description:
          'Climatisation, pompes à chaleur et chauffage gaz pour les logements et locaux tertiaires de la métropole bordelaise, avec un service de maintenance sous contrat.',
        descriptionIntervention: 'Bordeaux, Mérignac, Pessac, Talence, Le Bouscat, Bègles et Bordeaux Métropole.',
        openingHours: HOURS.standard,
        phones: [
          { phone: '05 56 44 71 93', label: 'Accueil' },
          { phone: '05 56 44 71 90', label: 'Contrats de maintenance' },
        ],
        activities: ['GAZ', 'PAC', 'CLIM', 'Tertiaire'],
        jobType: 'CustomerServiceAndInstall',
        employeeAmount: 26,
        salesFigures: 4000,
        enteredNetworkAt: 2002,
        servedPostalCodes: ['33000', '33100', '33200', '33300', '33400', '33700', '33600'],
        socialLinks: [{ socialLinkLabelId: 2, link: 'https://www.linkedin.com/company/garonne-clim-demo' }],
      },
      {
        key: 'libourne',
        city: 'Libourne',
        postalCode: '33500',
        address1: '16 avenue Gallieni',
        latitude: 44.9153,
        longitude: -0.2439,
        description:
          'Entretien de chaudières gaz et bois, dépannage sanitaire pour le Libournais et les villages viticoles alentour.',
        descriptionIntervention: 'Libourne, Saint-Émilion, Saint-Denis-de-Pile, Coutras et le Libournais.',
        openingHours: HOURS.shortFriday,
        phones: [{ phone: '05 57 51 26 40', label: 'Accueil' }],
        activities: ['GAZ', 'Biomasse', 'Sanitaire'],
        jobType: 'CustomerServiceOnly',
        employeeAmount: 1,
        salesFigures: 1,
        enteredNetworkAt: 2017,
        servedPostalCodes: ['33500', '33330', '33910', '33230'],
      },
    ],
  },
  {
    key: 'pyrenees',
    name: 'Pyrénées Thermic',
    brand: 'Pyrénées Thermic',
    regionId: 4,
    businessName: 'Pyrénées Thermic SA',
    sirenBase: '32759418',
    legalOfficer: 'Jean-Marc Lacoste',
    domain: 'pyrenees-thermic.demo.fr',
    agencies: [
      {
        key: 'toulouse',
        city: 'Toulouse',
        postalCode: '31000',
        address1: '8 allées Jean Jaurès',
        latitude: 43.6047,
        longitude: 1.4442,
        description:
          'Installation de pompes à chaleur, de climatisations et de centrales photovoltaïques en toiture pour les particuliers de l’agglomération toulousaine.',
        descriptionIntervention: 'Toulouse, Blagnac, Colomiers, Balma, L’Union, Tournefeuille et Toulouse Métropole.',
        openingHours: HOURS.saturday,
        phones: [{ phone: '05 61 62 39 84', label: 'Accueil' }],
        activities: ['PAC', 'CLIM', 'PV', 'Sanitaire'],
        jobType: 'CustomerServiceAndInstall',
        employeeAmount: 11,
        salesFigures: 2000,
        enteredNetworkAt: 2006,
        servedPostalCodes: ['31000', '31200', '31300', '31400', '31500', '31700', '31770'],
        socialLinks: [{ socialLinkLabelId: 3, link: 'https://www.instagram.com/pyrenees.thermic.demo' }],
      },
      {
        key: 'pau',
        city: 'Pau',
        postalCode: '64000',
        address1: '24 cours Bosquet',
        latitude: 43.2951,
        longitude: -0.3708,
        description: 'Chaudières gaz, chaudières à granulés et pompes à chaleur : installation et entretien dans le Béarn.',
        descriptionIntervention: 'Pau, Lons, Lescar, Billère, Jurançon et l’agglomération paloise.',
        openingHours: HOURS.standard,
        phones: [{ phone: '05 59 27 08 16', label: 'Accueil' }],
        activities: ['GAZ', 'Biomasse', 'PAC'],
        jobType: 'CustomerServiceAndInstall',
        employeeAmount: 6,
        salesFigures: 500,
        enteredNetworkAt: 2013,
        servedPostalCodes: ['64000', '64140', '64230', '64110'],
      },
    ],
  },
  {
    key: 'rhone-alpes',
    name: 'Rhône-Alpes Énergies',
    brand: 'Rhône-Alpes Énergies',
    regionId: 5,
    businessName: 'Rhône-Alpes Énergies SAS',
    sirenBase: '40218763',
    legalOfficer: 'Christophe Berthier',
    domain: 'ra-energies.demo.fr',
    agencies: [
      {
        key: 'lyon',
        city: 'Lyon',
        postalCode: '69003',
        address1: '150 cours Lafayette',
        latitude: 45.764,
        longitude: 4.8357,
        description:
          "Plus de 50 techniciens au service des Lyonnais : chauffage gaz, pompes à chaleur, climatisation, plomberie et maintenance des chaufferies d'immeubles et de bureaux.",
        descriptionIntervention:
          'Lyon (tous arrondissements), Villeurbanne, Bron, Vénissieux, Caluire-et-Cuire et la Métropole de Lyon.',
        openingHours: HOURS.onCall,
        phones: [
          { phone: '04 78 62 45 19', label: 'Accueil' },
          { phone: '04 78 62 45 10', label: 'Urgences' },
        ],
        activities: ['GAZ', 'PAC', 'CLIM', 'Sanitaire', 'Tertiaire'],
        jobType: 'CustomerServiceAndInstall',
        employeeAmount: 50,
        salesFigures: 4000,
        enteredNetworkAt: 2000,
        servedPostalCodes: ['69001', '69002', '69003', '69006', '69007', '69008', '69100', '69500'],
        socialLinks: [
          { socialLinkLabelId: 1, link: 'https://www.facebook.com/ra.energies.demo' },
          { socialLinkLabelId: 2, link: 'https://www.linkedin.com/company/ra-energies-demo' },
        ],
        externalLink: { label: 'Notre site', url: 'https://www.ra-energies.demo.fr' },
      },
      {
        key: 'grenoble',
        city: 'Grenoble',
        postalCode: '38000',
        address1: '3 avenue Alsace-Lorraine',
        latitude: 45.1885,
        longitude: 5.7245,
        description:
          'Chauffage gaz, pompes à chaleur et chaudières à granulés adaptés au climat alpin : installation, entretien et dépannage.',
        descriptionIntervention: "Grenoble, Saint-Martin-d'Hères, Échirolles, Fontaine, Meylan et la métropole grenobloise.",
        openingHours: HOURS.standard,
        phones: [{ phone: '04 76 46 82 30', label: 'Accueil' }],
        activities: ['GAZ', 'PAC', 'Biomasse'],
        jobType: 'CustomerServiceAndInstall',
        employeeAmount: 11,
        salesFigures: 1000,
        enteredNetworkAt: 2010,
        servedPostalCodes: ['38000', '38100', '38400', '38130', '38600', '38240'],
      },
    ],
  },
  {
    key: 'provence',
    name: 'Provence Confort Thermique',
    brand: 'Provence Confort',
    regionId: 5,
    businessName: 'Provence Confort Thermique SARL',
    sirenBase: '49061372',
    legalOfficer: 'Frédéric Marchetti',
    domain: 'provence-confort.demo.fr',
    agencies: [
      {
        key: 'marseille',
        city: 'Marseille',
        postalCode: '13008',
        address1: '210 avenue du Prado',
        latitude: 43.2965,
        longitude: 5.3698,
        description:
          'Climatisation réversible, pompes à chaleur et photovoltaïque : Provence Confort Thermique équipe les maisons et appartements marseillais depuis 2015.',
        descriptionIntervention: 'Marseille (6e, 7e, 8e, 9e et 10e arrondissements), Cassis, Aubagne et La Ciotat.',
        openingHours: HOURS.saturday,
        phones: [{ phone: '04 91 77 53 64', label: 'Accueil' }],
        activities: ['CLIM', 'PAC', 'PV', 'Sanitaire'],
        jobType: 'CustomerServiceAndInstall',
        employeeAmount: 11,
        salesFigures: 1000,
        enteredNetworkAt: 2015,
        servedPostalCodes: ['13006', '13007', '13008', '13009', '13010', '13260', '13400'],
        socialLinks: [{ socialLinkLabelId: 1, link: 'https://www.facebook.com/provence.confort.demo' }],
      },
    ],
  },
];

/** SIREN numbers carry a Luhn key like the real ones. */
export function sirenWithKey(base8: string): string {
  for (let key = 0; key <= 9; key++) {
    const candidate = `${base8}${key}`;
    let sum = 0;
    for (let i = 0; i < 9; i++) {
      let d = Number(candidate[8 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error(`no Luhn key for ${base8}`);
}

export const agencyName = (adherent: DemoAdherent, agency: DemoAgency) => `${adherent.brand} ${agency.city}`;
