import {
  agencyContractList,
  agencyContractsQuery,
  changePhonesBody,
  extranetIdParam,
  openContractEmailChangeBody,
} from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireClient } from '../../auth/guards.js';
import { authRateLimit } from '../../lib/http.js';
import { sendCachedRead } from '../../lib/read-cache.js';
import { customerContext } from '../../lib/request-context.js';
import { changeContractPhones, listMyContracts, openContractEmailChange } from './service.js';

const tags = ['agency-contracts'];

/** The customer's own contracts (spec 03 §7): every query is filtered by the caller. */
export const agencyContractsRoutes: Module = (app, deps) => {
  app.get(
    '/agency-contracts/mine',
    {
      schema: {
        tags,
        summary: 'Mes contrats, de toutes mes agences ou de celle donnée',
        querystring: agencyContractsQuery,
        response: { 200: agencyContractList },
      },
      onRequest: requireClient(),
    },
    async (request, reply) => {
      const ctx = customerContext(request, deps);
      const { agencyId } = request.query;
      // The list depends on the customer and the agency asked, besides its table (lib/read-cache.ts).
      const key = `my-contracts:${ctx.caller.clientId}:${agencyId ?? ''}`;
      await sendCachedRead(reply, deps.reads, key, async () => ({
        agencyContracts: await listMyContracts(ctx, agencyId),
      }));
    },
  );

  app.post(
    '/agency-contracts/:id(^\\d+)::open-email-address-change',
    {
      schema: {
        tags,
        summary: "Change l'adresse email du contrat : 204 changée, 202 lien de vérification envoyé à la nouvelle adresse",
        description:
          "L'adresse de connexion vérifiée du client s'applique tout de suite (204) ; toute autre adresse reçoit d'abord un lien `/extranet/verify-email?token=…` (202). 400 `same_email` si c'est déjà l'adresse du contrat, 404 pour un contrat qui n'est pas le sien.",
        params: extranetIdParam,
        body: openContractEmailChangeBody,
        response: { 202: z.null(), 204: z.null() },
      },
      onRequest: requireClient(),
      config: authRateLimit(deps),
    },
    async (request, reply) => {
      const outcome = await openContractEmailChange(customerContext(request, deps), request.params.id, request.body);
      return reply.status(outcome === 'changed' ? 204 : 202).send(null);
    },
  );

  app.post(
    '/agency-contracts/:id(^\\d+)::change-phones',
    {
      schema: {
        tags,
        summary: 'Change les numéros de téléphone du contrat',
        description:
          'Numéros français (06/07 pour le mobile), ramenés à « 06 12 34 56 78 ». Vide ou null efface un numéro ; il en faut au moins un.',
        params: extranetIdParam,
        body: changePhonesBody,
        response: { 204: z.null() },
      },
      onRequest: requireClient(),
    },
    async (request, reply) => {
      await changeContractPhones(customerContext(request, deps), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
};
