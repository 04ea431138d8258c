import { archivedAdherentUserList, archivedAdherentUsersQuery, eraseClientAccountBody, idParams } from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireAdmin, requireClient } from '../../auth/guards.js';
import { authRateLimit } from '../../lib/http.js';
import { customerContext, staffContext } from '../../lib/request-context.js';
import { eraseClientAccount } from './customer.js';
import { anonymizeAdherentUser, listArchivedAdherentUsers } from './staff.js';

const none = { 204: z.null() };

/** RGPD issue 28 §2: a customer erases their account; archived staff accounts are anonymised. */
export const accountErasureRoutes: Module = (app, deps) => {
  app.post(
    '/clients/me::erase',
    {
      schema: {
        tags: ['clients'],
        summary: 'Supprime le compte du client connecté (mot de passe actuel demandé) et anonymise ses données',
        description:
          'Refusé (409) pendant un paiement en ligne ou une signature en cours. Factures, devis et contrats restent, liés à un client anonyme ; chaque agence du client reçoit une demande.',
        body: eraseClientAccountBody,
        response: none,
      },
      onRequest: requireClient(),
      // The current password is checked here: it must not be guessed at leisure.
      config: authRateLimit(deps),
    },
    async (request, reply) => {
      await eraseClientAccount(customerContext(request, deps), request.body);
      return reply.status(204).send(null);
    },
  );

  const staff = requireAdmin('adherent_users_administration');
  const rules =
    'Super administrateur réseau (tout compte archivé) ou dirigeant adhérent (les utilisateurs archivés de son adhérent).';

  app.get(
    '/adherent-users/archived',
    {
      schema: {
        tags: ['adherent-users'],
        summary: 'Liste les comptes archivés que l’appelant peut anonymiser',
        description: rules,
        querystring: archivedAdherentUsersQuery,
        response: { 200: archivedAdherentUserList },
      },
      onRequest: staff,
    },
    async (request) => listArchivedAdherentUsers(staffContext(request, deps), request.query),
  );

  app.post(
    '/adherent-users/:id(^\\d+)::anonymize',
    {
      schema: {
        tags: ['adherent-users'],
        summary: 'Anonymise un compte archivé (irréversible) : son contenu reste signé « Ancien utilisateur »',
        description: rules,
        params: idParams,
        response: none,
      },
      onRequest: staff,
    },
    async (request, reply) => {
      await anonymizeAdherentUser(staffContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
