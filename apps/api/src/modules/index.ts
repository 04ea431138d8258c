import type { Module } from '../app-deps.js';

/**
 * Every domain's routes by name, registered under /api in this order (`buildApp`). A module is
 * imported when it is registered, so that a test naming the modules it needs
 * (`buildTestApp({}, { modules: ['faq'] })`) loads and registers only those. The name is the
 * module's folder.
 */
export const moduleLoaders = {
  health: () => import('./health/routes.js').then((m) => m.healthRoutes),
  auth: () => import('./auth/routes.js').then((m) => m.authRoutes),
  'second-factor': () => import('./second-factor/routes.js').then((m) => m.secondFactorRoutes),
  passkeys: () => import('./passkeys/routes.js').then((m) => m.passkeysRoutes),
  'admin-accounts': () => import('./admin-accounts/routes.js').then((m) => m.adminAccountRoutes),
  'my-sessions': () => import('./my-sessions/routes.js').then((m) => m.mySessionsRoutes),
  'client-accounts': () => import('./client-accounts/routes.js').then((m) => m.clientAccountRoutes),
  'account-erasure': () => import('./account-erasure/routes.js').then((m) => m.accountErasureRoutes),
  roles: () => import('./roles/routes.js').then((m) => m.rolesRoutes),
  agencies: () => import('./agencies/routes.js').then((m) => m.agenciesRoutes),
  'agency-api-keys': () => import('./agency-api-keys/routes.js').then((m) => m.agencyApiKeysRoutes),
  files: () => import('./files/routes.js').then((m) => m.filesRoutes),
  notifications: () => import('./notifications/routes.js').then((m) => m.notificationsRoutes),
  'agency-contracts': () => import('./agency-contracts/routes.js').then((m) => m.agencyContractsRoutes),
  extranet: () => import('./extranet/routes.js').then((m) => m.toDoListRoutes),
  'service-calls': () => import('./service-calls/routes.js').then((m) => m.serviceCallsRoutes),
  'contract-documents': () => import('./contract-documents/routes.js').then((m) => m.contractDocumentsRoutes),
  'extranet-contacts': () => import('./extranet-contacts/routes.js').then((m) => m.extranetContactsRoutes),
  faq: () => import('./faq/routes.js').then((m) => m.faqRoutes),
  invoices: () => import('./invoices/routes.js').then((m) => m.invoicesRoutes),
  'payment-sandbox': () => import('./payment-sandbox/routes.js').then((m) => m.paymentSandboxRoutes),
  quotations: () => import('./quotations/routes.js').then((m) => m.quotationsRoutes),
  'esign-sandbox': () => import('./esign-sandbox/routes.js').then((m) => m.esignSandboxRoutes),
  searchables: () => import('./searchables/routes.js').then((m) => m.searchablesRoutes),
  'network-actualities': () => import('./network-actualities/routes.js').then((m) => m.networkActualitiesRoutes),
  dashboard: () => import('./dashboard/routes.js').then((m) => m.dashboardRoutes),
  adherents: () => import('./adherents/routes.js').then((m) => m.adherentsRoutes),
  'network-admins': () => import('./network-admins/routes.js').then((m) => m.networkAdminsRoutes),
  prestations: () => import('./prestations/routes.js').then((m) => m.prestationsRoutes),
  'agency-prestations': () => import('./prestations/agency-routes.js').then((m) => m.agencyPrestationsRoutes),
  'agency-page-contents': () => import('./agency-page-contents/routes.js').then((m) => m.agencyPageContentsRoutes),
  'adherent-admins': () => import('./adherent-admins/routes.js').then((m) => m.adherentAdminsRoutes),
  'adherent-users': () => import('./adherent-users/routes.js').then((m) => m.adherentUsersRoutes),
  'network-applications': () => import('./network-applications/routes.js').then((m) => m.networkApplicationsRoutes),
  'document-bases': () => import('./document-bases/routes.js').then((m) => m.documentBasesRoutes),
  forums: () => import('./forums/routes.js').then((m) => m.forumsRoutes),
  'spare-part-announcements': () => import('./spare-part-announcements/routes.js').then((m) => m.sparePartAnnouncementsRoutes),
  contacts: () => import('./contacts/routes.js').then((m) => m.contactsRoutes),
  'job-offers': () => import('./job-offers/routes.js').then((m) => m.jobOffersRoutes),
  'monthly-results': () => import('./monthly-results/routes.js').then((m) => m.monthlyResultsRoutes),
  directory: () => import('./directory/routes.js').then((m) => m.directoryRoutes),
  'signature-documents': () => import('./signature-documents/routes.js').then((m) => m.signatureDocumentsRoutes),
  imports: () => import('./imports/routes.js').then((m) => m.importsRoutes),
  'mail-queue': () => import('./mail-queue/routes.js').then((m) => m.mailQueueRoutes),
  'audit-log': () => import('./audit-log/routes.js').then((m) => m.auditLogRoutes),
  retention: () => import('./retention/routes.js').then((m) => m.retentionRoutes),
  'legal-pages': () => import('./legal-pages/routes.js').then((m) => m.legalPagesRoutes),
  'live-events': () => import('./live-events/routes.js').then((m) => m.liveEventsRoutes),
  'data-exports': () => import('./data-exports/routes.js').then((m) => m.dataExportsRoutes),
} satisfies Record<string, () => Promise<Module>>;

export type ModuleName = keyof typeof moduleLoaders;

export const MODULE_NAMES = Object.keys(moduleLoaders) as ModuleName[];

/** The routes of `names` (all by default), in the registration order above, whatever the order asked. */
export async function loadModules(names: readonly ModuleName[] = MODULE_NAMES): Promise<Module[]> {
  const wanted = new Set(names);
  return Promise.all(MODULE_NAMES.filter((name) => wanted.has(name)).map((name) => moduleLoaders[name]()));
}
