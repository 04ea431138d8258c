import { endSessionByLinkBody, otherSessionsEnded, ownSessionList, ownSessionParams } from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { publicRoute, requireAuth } from '../../auth/guards.js';
import { authRateLimit } from '../../lib/http.js';
import { publicContext, requestContext } from '../../lib/request-context.js';
import { endOtherSessions, endOwnSession, endSessionByLink, listOwnSessions } from './service.js';

const tags = ['auth'];
const none = { 204: z.null() };

/** "Mes connexions" (issue 27 §3): staff and customers alike, each on their own sessions. */
export const mySessionsRoutes: Module = (app, deps) => {
  app.get(
    '/me/sessions',
    {
      schema: { tags, summary: 'Mes connexions : les sessions ouvertes de mon compte', response: { 200: ownSessionList } },
      onRequest: requireAuth(),
    },
    async (request) => listOwnSessions(requestContext(request, deps)),
  );

  app.delete(
    '/me/sessions/:id',
    {
      schema: { tags, summary: "Déconnecte l'une de mes sessions", params: ownSessionParams, response: none },
      onRequest: requireAuth(),
    },
    async (request, reply) => {
      await endOwnSession(requestContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/me/sessions::end-others',
    {
      schema: { tags, summary: 'Déconnecte toutes mes autres sessions', response: { 200: otherSessionsEnded } },
      onRequest: requireAuth(),
    },
    async (request) => endOtherSessions(requestContext(request, deps)),
  );

  app.post(
    '/auth/sessions::end-by-link',
    {
      schema: {
        tags,
        summary: 'Déconnecte la session signalée par le mail « Nouvelle connexion à votre compte »',
        body: endSessionByLinkBody,
        response: none,
      },
      onRequest: publicRoute('the single-use token of the mailed link is the credential; limited per address'),
      config: authRateLimit(deps),
    },
    async (request, reply) => {
      await endSessionByLink(publicContext(request, deps), request.body.token);
      return reply.status(204).send(null);
    },
  );
};
