import {
  adherent,
  adherentBody,
  adherentListQuery,
  adherentPage,
  adherentParams,
  agencyAdherentList,
  agencyAdherentListQuery,
  mapAdherentList,
  regionList,
} from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireAdmin, requireAnyAdmin } from '../../auth/guards.js';
import { staffContext } from '../../lib/request-context.js';
import { listAdherentsForMap } from './map-service.js';
import { assertMayCreateAdherent, assertMayListAdherents, assertMayReadMemberDirectory } from './policy.js';
import { createAdherent, getAdherent, listAdherents, listAgencyAdherents, listRegions, updateAdherent } from './service.js';

const tags = ['adherents'];

/**
 * Adherents (spec 01 §7): the map list (`isForMap=true`, open to staff but role 8), the paged
 * administration list, creation and updates (adherents_administration, adherent-level callers
 * limited to their own adherent), the regions and the adherents with their agencies.
 */
export const adherentsRoutes: Module = (app, deps) => {
  app.get(
    '/adherents',
    {
      schema: {
        tags,
        summary: 'Adhérents : liste paginée, ou liste de la carte (isForMap=true)',
        description:
          "Sans isForMap : nom contenant `search` (sans casse), `regionId`, ordre alphabétique, 100 par page (adherents_administration). Avec isForMap=true : les adhérents actifs avec leurs agences placées et l'administrateur affiché sur la carte (refusé au rôle 8).",
        querystring: adherentListQuery,
        response: { 200: z.union([mapAdherentList, adherentPage]) },
      },
      onRequest: requireAdmin(),
    },
    async (request) => {
      const ctx = staffContext(request, deps);
      if (request.query.isForMap) {
        assertMayReadMemberDirectory(ctx.caller);
        return { adherents: await listAdherentsForMap(deps.db) };
      }
      assertMayListAdherents(ctx.caller);
      return listAdherents(ctx, request.query);
    },
  );

  app.post(
    '/adherents',
    {
      schema: { tags, summary: 'Créer un adhérent', body: adherentBody, response: { 201: adherent } },
      onRequest: requireAdmin('adherents_administration'),
    },
    async (request, reply) => {
      const ctx = staffContext(request, deps);
      assertMayCreateAdherent(ctx.caller);
      return reply.status(201).send(await createAdherent(ctx, request.body));
    },
  );

  app.get(
    '/adherents/:id',
    {
      schema: { tags, summary: 'Un adhérent', params: adherentParams, response: { 200: adherent } },
      onRequest: requireAdmin('adherents_administration'),
    },
    async (request) => getAdherent(staffContext(request, deps), request.params.id),
  );

  app.put(
    '/adherents/:id',
    {
      schema: { tags, summary: 'Modifier un adhérent', params: adherentParams, body: adherentBody, response: { 200: adherent } },
      onRequest: requireAdmin('adherents_administration'),
    },
    async (request) => updateAdherent(staffContext(request, deps), request.params.id, request.body),
  );

  app.get(
    '/regions',
    { schema: { tags, summary: 'Les régions', response: { 200: regionList } }, onRequest: requireAdmin() },
    async () => ({ regions: await listRegions(deps.db) }),
  );

  app.get(
    '/all-agency-adherents',
    {
      schema: {
        tags,
        summary: 'Les adhérents avec leurs agences',
        description:
          "Tous les adhérents visibles par l'appelant (le sien pour un compte adhérent), par nom (de A à Z, ou de Z à A avec `orderByAsc=false`), chacun avec ses agences (id, nom, active) : les listes de choix des formulaires d'agence et d'utilisateur. Filtres : `regionId`, `search` (une partie du nom), `hasActiveAgency`.",
        querystring: agencyAdherentListQuery,
        response: { 200: agencyAdherentList },
      },
      onRequest: requireAnyAdmin('adherents_administration', 'adherent_users_administration'),
    },
    async (request) => ({ adherents: await listAgencyAdherents(staffContext(request, deps), request.query) }),
  );
};
