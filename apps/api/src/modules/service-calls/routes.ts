import { agencyContractServiceCallList, serviceCallsQuery } from '@reseau/contracts';
import type { Module } from '../../app-deps.js';
import { requireClient } from '../../auth/guards.js';
import { customerContext } from '../../lib/request-context.js';
import { listMyServiceCalls } from './service.js';

/** Service-call tracking of the extranet dashboard (spec 03 §2 "Service call tracker"). */
export const serviceCallsRoutes: Module = (app, deps) => {
  app.get(
    '/agency-contract-service-calls/mine',
    {
      schema: {
        tags: ['extranet'],
        summary: "Mes demandes d'intervention, les plus récentes en premier",
        description:
          "Filtres facultatifs `agencyId` et `isFinished` (true/false). Chaque demande porte l'équipement et l'adresse du contrat (étape 1 du suivi) ; `voucherId` (bon d'intervention) se télécharge par GET /files/{id}.",
        querystring: serviceCallsQuery,
        response: { 200: agencyContractServiceCallList },
      },
      onRequest: requireClient(),
    },
    async (request) => ({ agencyContractServiceCalls: await listMyServiceCalls(customerContext(request, deps), request.query) }),
  );
};
