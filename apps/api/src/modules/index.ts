import type { Module } from '../lib/http.js';
import { adherentAdminsRoutes } from './adherent-admins/routes.js';
import { adherentUsersRoutes } from './adherent-users/routes.js';
import { adherentsRoutes } from './adherents/routes.js';
import { adminAccountRoutes } from './admin-accounts/routes.js';
import { agenciesRoutes } from './agencies/routes.js';
import { agencyApiKeysRoutes } from './agency-api-keys/routes.js';
import { agencyContractsRoutes } from './agency-contracts/routes.js';
import { agencyPageContentsRoutes } from './agency-page-contents/routes.js';
import { authRoutes } from './auth/routes.js';
import { clientAccountRoutes } from './client-accounts/routes.js';
import { contactsRoutes } from './contacts/routes.js';
import { contractDocumentsRoutes } from './contract-documents/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { directoryRoutes } from './directory/routes.js';
import { documentBasesRoutes } from './document-bases/routes.js';
import { esignSandboxRoutes } from './esign-sandbox/routes.js';
import { toDoListRoutes } from './extranet/routes.js';
import { extranetContactsRoutes } from './extranet-contacts/routes.js';
import { faqRoutes } from './faq/routes.js';
import { filesRoutes } from './files/routes.js';
import { forumsRoutes } from './forums/routes.js';
import { healthRoutes } from './health/routes.js';
import { importsRoutes } from './imports/routes.js';
import { invoicesRoutes } from './invoices/routes.js';
import { jobOffersRoutes } from './job-offers/routes.js';
import { monthlyResultsRoutes } from './monthly-results/routes.js';
import { networkActualitiesRoutes } from './network-actualities/routes.js';
import { networkAdminsRoutes } from './network-admins/routes.js';
import { networkApplicationsRoutes } from './network-applications/routes.js';
import { notificationsRoutes } from './notifications/routes.js';
import { paymentSandboxRoutes } from './payment-sandbox/routes.js';
import { agencyPrestationsRoutes } from './prestations/agency-routes.js';
import { prestationsRoutes } from './prestations/routes.js';
import { quotationsRoutes } from './quotations/routes.js';
import { rolesRoutes } from './roles/routes.js';
import { searchablesRoutes } from './searchables/routes.js';
import { serviceCallsRoutes } from './service-calls/routes.js';
import { signatureDocumentsRoutes } from './signature-documents/routes.js';
import { sparePartAnnouncementsRoutes } from './spare-part-announcements/routes.js';

/** Every domain's routes, registered under /api in this order. */
export const modules: Module[] = [
  healthRoutes,
  authRoutes,
  adminAccountRoutes,
  clientAccountRoutes,
  rolesRoutes,
  agenciesRoutes,
  agencyApiKeysRoutes,
  filesRoutes,
  notificationsRoutes,
  agencyContractsRoutes,
  toDoListRoutes,
  serviceCallsRoutes,
  contractDocumentsRoutes,
  extranetContactsRoutes,
  faqRoutes,
  invoicesRoutes,
  paymentSandboxRoutes,
  quotationsRoutes,
  esignSandboxRoutes,
  searchablesRoutes,
  networkActualitiesRoutes,
  dashboardRoutes,
  adherentsRoutes,
  networkAdminsRoutes,
  prestationsRoutes,
  agencyPrestationsRoutes,
  agencyPageContentsRoutes,
  adherentAdminsRoutes,
  adherentUsersRoutes,
  networkApplicationsRoutes,
  documentBasesRoutes,
  forumsRoutes,
  sparePartAnnouncementsRoutes,
  contactsRoutes,
  jobOffersRoutes,
  monthlyResultsRoutes,
  directoryRoutes,
  signatureDocumentsRoutes,
  importsRoutes,
];
