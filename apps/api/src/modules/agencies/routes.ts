import { agencyDetail, agencyList, agencyListQuery } from '@reseau/contracts';
import { z } from 'zod';
import { principalOf, requireAuth } from '../../auth/guards.js';
import { errors } from '../../lib/errors.js';
import type { Module } from '../../lib/http.js';
import { getAgency, listAgencies } from './service.js';

const tags = ['agencies'];
const agencyParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

// Creation and updates (POST /agencies, PUT /agencies/{id}, PUT /agencies/{id}/infos) come with
// the administration screens.
export const agenciesRoutes: Module = (app, deps) => {
  app.get(
    '/agencies',
    {
      schema: {
        tags,
        summary: "Agences visibles de l'appelant",
        description:
          'Un administrateur réseau voit toutes les agences, un utilisateur adhérent celles pour lesquelles il agit, un client celles dont il est client. Triées par nom.',
        querystring: agencyListQuery,
        response: { 200: agencyList },
      },
      preHandler: requireAuth(),
    },
    async (request) => ({ agencies: await listAgencies(deps.db, principalOf(request), request.query) }),
  );

  app.get(
    '/agencies/:id',
    {
      schema: {
        tags,
        summary: "Détail d'une agence et ses informations",
        params: agencyParams,
        response: { 200: agencyDetail },
      },
      preHandler: requireAuth(),
    },
    async (request) => {
      const agency = await getAgency(deps.db, principalOf(request), request.params.id);
      if (!agency) throw errors.notFound("L'agence demandée");
      return agency;
    },
  );
};
