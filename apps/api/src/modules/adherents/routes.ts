import { adherentListQuery, mapAdherentList } from '@reseau/contracts';
import { adminOf, requireAdmin } from '../../auth/guards.js';
import { errors } from '../../lib/errors.js';
import type { Module } from '../../lib/http.js';
import { mayReadMemberDirectory } from './policy.js';
import { listAdherentsForMap } from './service.js';

const tags = ['adherents'];

/**
 * Adherents. For now only the map list (`GET /adherents?isForMap=true`, spec 01 §7); the paged
 * administration list, creation and updates come with the administration area.
 */
export const adherentsRoutes: Module = (app, deps) => {
  app.get(
    '/adherents',
    {
      schema: {
        tags,
        summary: 'Adhérents pour la carte (isForMap=true)',
        description:
          "Les adhérents actifs avec leurs agences placées sur la carte (coordonnées connues, non masquées) et l'administrateur adhérent affiché sur la carte. Refusé au rôle 8.",
        querystring: adherentListQuery,
        response: { 200: mapAdherentList },
      },
      preHandler: requireAdmin(),
    },
    async (request) => {
      if (!mayReadMemberDirectory(adminOf(request))) throw errors.forbidden();
      return { adherents: await listAdherentsForMap(deps.db) };
    },
  );
};
