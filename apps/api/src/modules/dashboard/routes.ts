import { dashboardAgencyParams, dashboardContacts, NOT_FOUND_SUBJECTS } from '@reseau/contracts';
import type { Module } from '../../app-deps.js';
import { adminOf, assertOwnAgency, requireAdmin } from '../../auth/guards.js';
import { errors } from '../../lib/errors.js';
import { assertMayReadNetworkContacts, DASHBOARD_CONTACTS_PERMISSION } from './policy.js';
import { agencyExists, countDashboardContacts } from './service.js';

const tags = ['dashboard'];

/** The clients panel of the intranet dashboard (spec 01 §2): counts of demands and customers. */
export const dashboardRoutes: Module = (app, deps) => {
  app.get(
    '/my-adherent-dashboard-contacts/:id',
    {
      schema: {
        tags,
        summary: "Compteurs du tableau de bord pour une agence de l'appelant",
        description:
          "Demandes à traiter, dont nouveaux clients, traitées depuis un mois, clients vérifiés. L'agence doit être l'une de celles de l'appelant (toutes pour un rôle réseau).",
        params: dashboardAgencyParams,
        response: { 200: dashboardContacts },
      },
      onRequest: requireAdmin(DASHBOARD_CONTACTS_PERMISSION),
    },
    async (request) => {
      const agencyId = request.params.id;
      assertOwnAgency(adminOf(request), agencyId);
      if (!(await agencyExists(deps.db, agencyId))) throw errors.notFound(NOT_FOUND_SUBJECTS.agency);
      return countDashboardContacts(deps.db, agencyId);
    },
  );

  app.get(
    '/network-dashboard-contacts',
    {
      schema: {
        tags,
        summary: 'Compteurs du tableau de bord pour tout le réseau (rôle 1)',
        response: { 200: dashboardContacts },
      },
      onRequest: requireAdmin(DASHBOARD_CONTACTS_PERMISSION),
    },
    async (request) => {
      assertMayReadNetworkContacts(adminOf(request));
      return countDashboardContacts(deps.db);
    },
  );
};
