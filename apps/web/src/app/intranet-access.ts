import {
  AGENCY_KEY_ROLE_IDS,
  MEMBER_DIRECTORY_ROLE_IDS,
  NETWORK_CONTACTS_ROLE_IDS,
  ROLE,
} from '@reseau/contracts/constants/permissions';
import type { AccessRule } from '../lib/permissions';

/*
 * Who may open each guarded intranet screen, by its menu id (spec 00 §2 and §6): the menu
 * (./intranet-menu.ts) shows an entry, the shell opens its screens and their routes start their
 * requests by the same rule. Apart from the menu's icons and labels, so that the page's boot
 * script (boot/early-requests.ts) reads it without them. Ids without a rule are open to all.
 */

export const INTRANET_ACCESS: Readonly<Record<string, AccessRule>> = {
  demands: { anyPermission: ['contact_administration'] },
  quotations: { anyPermission: ['contact_administration'] },
  invoices: { anyPermission: ['contact_administration'] },
  'all-demands': { roleIds: NETWORK_CONTACTS_ROLE_IDS },
  'all-quotations': { roleIds: NETWORK_CONTACTS_ROLE_IDS },
  'all-invoices': { roleIds: NETWORK_CONTACTS_ROLE_IDS },
  'network-news-edit': { anyPermission: ['network_actualities_administration'] },
  'doc-base': { anyPermission: ['document_base_reading', 'document_base_administration'] },
  forum: {
    anyPermission: [
      'forum_adherent_administration',
      'forum_tech_administration',
      'forum_admin_administration',
      'forum_ca_administration',
    ],
  },
  'spare-parts': { anyPermission: ['spare_part_announcement_administration'] },
  applications: { anyPermission: ['network_application_read', 'network_application_administration'] },
  'adherent-book-list': { roleIds: MEMBER_DIRECTORY_ROLE_IDS },
  'adherent-book-map': { roleIds: MEMBER_DIRECTORY_ROLE_IDS },
  'job-offers': { anyPermission: ['job_offer_administration'] },
  'monthly-result': { anyPermission: ['monthly_result_administration'] },
  'agency-page': { anyPermission: ['agency_info_administration'], needsAgency: true },
  'my-agency': { anyPermission: ['agency_info_administration'], needsAgency: true },
  imports: { anyPermission: ['agency_info_administration'], roleIds: AGENCY_KEY_ROLE_IDS, needsAgency: true },
  'adherent-users': { anyPermission: ['adherent_users_administration'] },
  users: { anyPermission: ['network_admins_administration'] },
  adherents: { anyPermission: ['adherents_administration'] },
  prestations: { anyPermission: ['network_prestation_administration', 'agency_prestation_administration'] },
  'network-agency-page-contents': { anyPermission: ['network_agency_page_content_administration'] },
  'adherent-forms': { anyPermission: ['adherents_administration', 'adherent_users_administration'] },
  'agency-form': { anyPermission: ['adherents_administration'] },
  // Whether the platform's mails go out (issue 31 §3): the network's super administrator only.
  'mail-queue': { roleIds: [ROLE.superAdmin] },
  // Who did what (issue 27 §4): role 1 for the network, a director for their adherent.
  'audit-log': { roleIds: [ROLE.superAdmin, ROLE.adherentDirector] },
  // The public legal pages' texts (issue 28 §4): the cooperative's publisher, role 1 only.
  'legal-pages': { roleIds: [ROLE.superAdmin] },
};
