import type { MapAdherent } from '@reseau/contracts/schemas/adherents';
import type { NetworkActuality } from '@reseau/contracts/schemas/network-actualities';

const CATEGORIES = [
  { id: 1, code: 'VIE_RESEAU' },
  { id: 2, code: 'TECHNIQUE' },
  { id: 3, code: 'REGLEMENTATION' },
] as const;

/** A news item as GET /network-actualities sends it. */
export function newsItem(id: number, title: string, values: Partial<NetworkActuality> = {}): NetworkActuality {
  const category = CATEGORIES[id % CATEGORIES.length]!;
  return {
    id,
    title,
    content: '<p>Texte</p>',
    categoryId: category.id,
    category: { ...category },
    publicationDate: `2026-03-${String(20 - id).padStart(2, '0')}T09:00:00.000Z`,
    illustrationFiles: [],
    joinedFiles: [],
    isPublic: 1,
    isRead: false,
    ...values,
  };
}

export const FIVE_NEWS = [
  newsItem(1, 'Assemblée générale 2026 : les inscriptions sont ouvertes', { isRead: true }),
  newsItem(2, "MaPrimeRénov' 2026 : ce qui change pour vos clients"),
  newsItem(3, "Campagne d'entretien des chaudières"),
  newsItem(4, 'Fluides frigorigènes : rappel des obligations F-Gas'),
  newsItem(5, 'Webinaire technique : le désembouage'),
];

/** The directory map's filter values, which the dashboard's panel does not read. */
const NO_FILTER_VALUES = { activities: [], jobType: null, employeeAmount: null, salesFigures: null, enteredNetworkAt: null };

export const MAP_ADHERENTS: MapAdherent[] = [
  {
    id: 1,
    name: "Thermi'Nord Services",
    regionId: 1,
    admin: {
      id: 7,
      firstName: 'Olivier',
      lastName: 'Vasseur',
      position: 'Dirigeant',
      phone: '03 20 54 18 72',
      emailAddress: 'dirigeant@demo.fr',
      avatarFileId: null,
    },
    cooperativeRoles: [],
    agencies: [
      {
        id: 11,
        name: "Thermi'Nord Lille",
        address1: '45 rue Nationale',
        postalCode: '59000',
        city: 'Lille',
        latitude: 50.63,
        longitude: 3.06,
        ...NO_FILTER_VALUES,
      },
      {
        id: 12,
        name: "Thermi'Nord Valenciennes",
        address1: null,
        postalCode: '59300',
        city: 'Valenciennes',
        latitude: 50.36,
        longitude: 3.52,
        ...NO_FILTER_VALUES,
      },
    ],
  },
  {
    id: 2,
    name: 'Val de Loire Thermique',
    regionId: 2,
    admin: null,
    cooperativeRoles: [],
    agencies: [
      {
        id: 21,
        name: 'Val de Loire Thermique Orléans',
        address1: null,
        postalCode: '45000',
        city: 'Orléans',
        latitude: 47.9,
        longitude: 1.91,
        ...NO_FILTER_VALUES,
      },
    ],
  },
];
