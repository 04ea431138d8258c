/** Permission codes of spec 00 §6; each unlocks the screens and calls named beside it. */
export const PERMISSION_CODES = [
  'contact_administration',
  'document_base_reading',
  'document_base_administration',
  'document_base_ca_reading',
  'document_base_region_reading',
  'forum_adherent_administration',
  'forum_tech_administration',
  'forum_admin_administration',
  'forum_ca_administration',
  'spare_part_announcement_administration',
  'network_application_read',
  'network_application_administration',
  'network_admins_administration',
  'adherents_administration',
  'network_prestation_administration',
  'agency_prestation_administration',
  'agency_postal_codes_administration',
  'job_offer_administration',
  'monthly_result_administration',
  'signature_document_administration',
  'network_agency_page_content_administration',
  'agency_info_administration',
  'adherent_users_administration',
  'network_actualities_administration',
  'network_news_reading',
] as const;
export type PermissionCode = (typeof PERMISSION_CODES)[number];

export const ADMIN_TYPE = { network: 1, adherent: 2 } as const;
export type AdminTypeId = (typeof ADMIN_TYPE)[keyof typeof ADMIN_TYPE];

export const ROLE = {
  superAdmin: 1,
  networkAdmin: 2,
  networkAnimator: 3,
  adherentDirector: 4,
  administrativeAssistant: 5,
  technician: 6,
  agencyManager: 7,
  accountant: 8,
  agencyCollaborator: 9,
} as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

/** Roles 5, 6 and 8 only see public news and documents (spec 00 §6). */
export const PUBLIC_ONLY_ROLE_IDS: readonly number[] = [5, 6, 8];
/** Network-level roles (spec 00 §6). */
export const NETWORK_ROLE_IDS: readonly number[] = [1, 2, 3];
/** Role 8 does not see the map nor the member directory (spec 00 §6, spec 01 §2). */
export const MAP_HIDDEN_ROLE_IDS: readonly number[] = [8];
/** Roles 5, 6 and 8 have no calendar (spec 00 §6). */
export const CALENDAR_HIDDEN_ROLE_IDS: readonly number[] = [5, 6, 8];
/** Only role 1 sees the network-wide demands and their counts (spec 00 §6, spec 02 §6). */
export const NETWORK_CONTACTS_ROLE_IDS: readonly number[] = [1];
/**
 * The network roles that manage any agency's API keys and read its imports (issue 11): the two
 * administrators, not the animator (3). Adherent roles do it for their own agencies.
 */
export const AGENCY_KEY_NETWORK_ROLE_IDS: readonly number[] = [1, 2];

const ALL = PERMISSION_CODES;
const adherentManager: PermissionCode[] = [
  'contact_administration',
  'document_base_reading',
  'document_base_region_reading',
  'forum_adherent_administration',
  'spare_part_announcement_administration',
  'network_application_read',
  'agency_prestation_administration',
  'agency_postal_codes_administration',
  'job_offer_administration',
  'monthly_result_administration',
  'signature_document_administration',
  'agency_info_administration',
  'adherent_users_administration',
  'network_news_reading',
];

/**
 * The one table of roles and their permission codes. The seed writes it to the database;
 * the API reads permissions from the database, the web app from GET /roles.
 */
export const ROLES: ReadonlyArray<{
  id: RoleId;
  name: string;
  adminTypeId: AdminTypeId;
  permissions: readonly PermissionCode[];
}> = [
  { id: 1, name: 'Super administrateur réseau', adminTypeId: 1, permissions: ALL },
  { id: 2, name: 'Administrateur réseau', adminTypeId: 1, permissions: ALL },
  {
    id: 3,
    name: 'Animateur réseau',
    adminTypeId: 1,
    permissions: [
      'contact_administration',
      'document_base_reading',
      'document_base_administration',
      'document_base_ca_reading',
      'document_base_region_reading',
      'forum_adherent_administration',
      'forum_tech_administration',
      'forum_admin_administration',
      'forum_ca_administration',
      'spare_part_announcement_administration',
      'network_application_read',
      'network_application_administration',
      'network_agency_page_content_administration',
      'network_actualities_administration',
      'network_news_reading',
    ],
  },
  { id: 4, name: 'Dirigeant adhérent', adminTypeId: 2, permissions: adherentManager },
  {
    id: 5,
    name: 'Assistant(e) administratif(ve)',
    adminTypeId: 2,
    permissions: [
      'contact_administration',
      'document_base_reading',
      'forum_admin_administration',
      'spare_part_announcement_administration',
      'network_application_read',
      'network_news_reading',
    ],
  },
  {
    id: 6,
    name: 'Technicien',
    adminTypeId: 2,
    permissions: [
      'document_base_reading',
      'forum_tech_administration',
      'spare_part_announcement_administration',
      'network_application_read',
      'network_news_reading',
    ],
  },
  { id: 7, name: "Responsable d'agence", adminTypeId: 2, permissions: adherentManager },
  {
    id: 8,
    name: 'Comptable',
    adminTypeId: 2,
    permissions: [
      'contact_administration',
      'document_base_reading',
      'forum_admin_administration',
      'monthly_result_administration',
      'network_news_reading',
    ],
  },
  {
    id: 9,
    name: "Collaborateur d'agence",
    adminTypeId: 2,
    permissions: [
      'contact_administration',
      'document_base_reading',
      'document_base_region_reading',
      'forum_adherent_administration',
      'spare_part_announcement_administration',
      'network_application_read',
      'network_news_reading',
    ],
  },
];

/*
 * The two sets below are written out rather than computed from ROLES, so that the web's boot
 * script (which reads the screens' access rules) does not take the roles table with them;
 * permissions.test.ts checks each against ROLES.
 */
/** The roles that read the member directory, list and map: every role but MAP_HIDDEN_ROLE_IDS. */
export const MEMBER_DIRECTORY_ROLE_IDS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 9];
/**
 * The roles that may manage an agency's API keys and read its imports, with agency_info_administration
 * (the API's agency-api-keys/policy.ts): AGENCY_KEY_NETWORK_ROLE_IDS and every adherent role.
 */
export const AGENCY_KEY_ROLE_IDS: readonly number[] = [1, 2, 4, 5, 6, 7, 8, 9];

/** Whoever manages adherents may "log me in as" one of their users (spec 01 §4). */
export const IMPERSONATION_PERMISSION: PermissionCode = 'adherents_administration';
/** Request header carrying the impersonated admin id (spec 00 §4). */
export const IMPERSONATION_HEADER = 'x-impersonated-admin-id';
