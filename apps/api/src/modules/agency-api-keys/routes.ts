import {
  AGENCY_API_KEY_HEADER,
  agencyApiKeyAgencyParams,
  agencyApiKeyBody,
  agencyApiKeyCreated,
  agencyApiKeyList,
  agencyApiKeyParams,
} from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireAdmin } from '../../auth/guards.js';
import { staffContext } from '../../lib/request-context.js';
import { agencyKeyOf, agencyKeyRoute } from './key-auth.js';
import { AGENCY_API_KEY_ADMINISTRATION } from './policy.js';
import { createAgencyApiKey, listAgencyApiKeys, revokeAgencyApiKey } from './service.js';

const tags = ['agency-api-keys'];

/**
 * Agency API keys (issue 11): made, listed and revoked by the agency's administrators from the
 * intranet; used by the agency's software in the `x-api-key` header.
 */
export const agencyApiKeysRoutes: Module = (app, deps) => {
  app.post(
    '/agencies/:id/api-keys',
    {
      schema: {
        tags,
        summary: "Crée une clé d'API pour le logiciel de l'agence",
        description: `La clé n'est envoyée qu'une fois, dans cette réponse ; le serveur n'en garde que l'empreinte. Rôles 1 et 2 pour toute agence ; utilisateurs d'adhérent avec ${AGENCY_API_KEY_ADMINISTRATION} pour leurs agences.`,
        params: agencyApiKeyAgencyParams,
        body: agencyApiKeyBody,
        response: { 201: agencyApiKeyCreated },
      },
      onRequest: requireAdmin(AGENCY_API_KEY_ADMINISTRATION),
    },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await createAgencyApiKey(staffContext(request, deps), request.params.id, request.body.label)),
  );

  app.get(
    '/agencies/:id/api-keys',
    {
      schema: {
        tags,
        summary: "Clés d'API actives de l'agence (jamais la clé elle-même)",
        params: agencyApiKeyAgencyParams,
        response: { 200: agencyApiKeyList },
      },
      onRequest: requireAdmin(AGENCY_API_KEY_ADMINISTRATION),
    },
    async (request) => ({ agencyApiKeys: await listAgencyApiKeys(staffContext(request, deps), request.params.id) }),
  );

  app.delete(
    '/agency-api-keys/:id',
    {
      schema: {
        tags,
        summary: "Révoque une clé d'API : elle est refusée dès l'appel suivant",
        params: agencyApiKeyParams,
        response: { 204: z.null() },
      },
      onRequest: requireAdmin(AGENCY_API_KEY_ADMINISTRATION),
    },
    async (request, reply) => {
      await revokeAgencyApiKey(staffContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/agency-api-keys::current',
    {
      schema: {
        tags,
        summary: 'Vérifie la clé du logiciel : son nom et son agence',
        description: `Authentifiée par la clé dans l'en-tête \`${AGENCY_API_KEY_HEADER}\`, pas par un jeton de session : le bouton « tester la connexion » d'un logiciel.`,
        response: {
          200: z.object({ id: z.number().int(), label: z.string(), agencyId: z.number().int(), agencyName: z.string() }),
        },
      },
      ...agencyKeyRoute(deps),
    },
    async (request) => {
      const key = agencyKeyOf(request);
      return { id: key.keyId, label: key.label, agencyId: key.agencyId, agencyName: key.agencyName };
    },
  );
};
