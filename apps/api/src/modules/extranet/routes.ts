import { toDoList, toDoListQuery } from '@reseau/contracts';
import type { Module } from '../../app-deps.js';
import { requireClient } from '../../auth/guards.js';
import { customerContext } from '../../lib/request-context.js';
import { listMyToDoList } from './service.js';

/** The extranet dashboard's to-do list (spec 03 §2, §7). */
export const toDoListRoutes: Module = (app, deps) => {
  app.get(
    '/my-to-do-list',
    {
      schema: {
        tags: ['extranet'],
        summary: 'Ma liste de choses à faire dans une agence : devis à décider, factures à payer',
        description:
          "Réponse `{ toDoList }`. Devis : montant TTC ; facture : reste à payer TTC (centimes). `fileId` se télécharge par GET /files/{id}. Une agence qui n'est pas la sienne donne une liste vide.",
        querystring: toDoListQuery,
        response: { 200: toDoList },
      },
      onRequest: requireClient(),
    },
    async (request) => ({ toDoList: await listMyToDoList(customerContext(request, deps), request.query.agencyId) }),
  );
};
