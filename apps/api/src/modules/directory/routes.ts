import { agencyAdherentAdminList } from '@reseau/contracts';
import type { Module } from '../../app-deps.js';
import { requireAdmin } from '../../auth/guards.js';
import { staffContext } from '../../lib/request-context.js';
import { listAgencyAdherentAdmins } from './service.js';

const tags = ['directory'];

/**
 * The member directory's reads (spec 02 §7 "Directory"): the adherent admins per agency here; the
 * network heads are `GET /network-admins?isForDirectory=true`, the map `GET /adherents?isForMap=true`.
 * Every staff user reads them but role 8 (spec 00 §6); customers are refused by `requireAdmin`.
 */
export const directoryRoutes: Module = (app, deps) => {
  app.get(
    '/agency-adherent-admins',
    {
      schema: {
        tags,
        summary: 'Annuaire : les administrateurs adhérents par agence',
        description:
          "Chaque administrateur adhérent actif et non masqué avec chacune de ses agences actives qui ne sont pas masquées de l'annuaire : les champs d'une fiche d'annuaire seulement (refusé au rôle 8).",
        response: { 200: agencyAdherentAdminList },
      },
      onRequest: requireAdmin(),
    },
    async (request) => ({ agencyAdherentAdmins: await listAgencyAdherentAdmins(staffContext(request, deps)) }),
  );
};
