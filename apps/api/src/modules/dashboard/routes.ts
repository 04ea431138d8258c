import { dashboardAgencyParams, dashboardContacts } from '@reseau/contracts';
import type { Module } from '../../app-deps.js';
import { requireAdmin } from '../../auth/guards.js';
import { staffContext } from '../../lib/request-context.js';
import { DASHBOARD_CONTACTS_PERMISSION } from './policy.js';
import { agencyDashboardContacts, networkDashboardContacts } from './service.js';

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
    async (request) => agencyDashboardContacts(staffContext(request, deps), request.params.id),
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
    async (request) => networkDashboardContacts(staffContext(request, deps)),
  );
};
