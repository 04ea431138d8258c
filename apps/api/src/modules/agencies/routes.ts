import { agencyDetail, agencyIdParam, agencyList, agencyListQuery, NOT_FOUND_SUBJECTS } from '@reseau/contracts';
import type { Module } from '../../app-deps.js';
import { requireAuth } from '../../auth/guards.js';
import { errors } from '../../lib/errors.js';
import { sendCachedRead } from '../../lib/read-cache.js';
import { requestContext } from '../../lib/request-context.js';
import { postalCodeRoutes } from './postal-code-routes.js';
import { agencyListKey, getAgency, listAgencies } from './service.js';
import { agencyWriteRoutes } from './write-routes.js';

const tags = ['agencies'];
const agencyParams = agencyIdParam;

export const agenciesRoutes: Module = (app, deps) => {
  agencyWriteRoutes(app, deps);
  postalCodeRoutes(app, deps);

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
      onRequest: requireAuth(),
    },
    async (request, reply) => {
      const ctx = requestContext(request, deps);
      const list = async () => ({ agencies: await listAgencies(ctx, request.query) });
      await sendCachedRead(reply, deps.reads, agencyListKey(ctx.caller, request.query), list);
    },
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
      onRequest: requireAuth(),
    },
    async (request) => {
      const agency = await getAgency(requestContext(request, deps), request.params.id);
      if (!agency) throw errors.notFound(NOT_FOUND_SUBJECTS.agency);
      return agency;
    },
  );
};
