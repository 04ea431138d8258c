import { adherentUser, adherentUserBody, adherentUserList, adherentUserListQuery, adherentUserParams } from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireAdmin } from '../../auth/guards.js';
import { staffContext } from '../../lib/request-context.js';
import { archiveAdherentUser, createAdherentUser, getAdherentUser, listAdherentUsers, updateAdherentUser } from './service.js';

const tags = ['adherent-users'];
const rules =
  'Un compte adhérent lit et modifie les utilisateurs de son adhérent seulement, ne donne que ses agences et un rôle adhérent ; les utilisateurs des rôles 4 et 7 lui sont refusés (modification, désactivation, archivage).';

/** Adherent users, "my-agency users" (spec 01 §2, §3, §7): permission adherent_users_administration. */
export const adherentUsersRoutes: Module = (app, deps) => {
  const guard = requireAdmin('adherent_users_administration');

  app.get(
    '/adherent-users',
    {
      schema: {
        tags,
        summary:
          "Les utilisateurs d'un adhérent (adherentId), d'une agence (agencyId) ou de l'adhérent d'un utilisateur (adminId)",
        description: 'Les administrateurs adhérents viennent de GET /adherent-admins ; l’écran fusionne les deux listes.',
        querystring: adherentUserListQuery,
        response: { 200: adherentUserList },
      },
      onRequest: guard,
    },
    async (request) => ({ adherentUsers: await listAdherentUsers(staffContext(request, deps), request.query) }),
  );

  app.get(
    '/adherent-users/:id(^\\d+)',
    {
      schema: { tags, summary: 'Un utilisateur adhérent', params: adherentUserParams, response: { 200: adherentUser } },
      onRequest: guard,
    },
    async (request) => getAdherentUser(staffContext(request, deps), request.params.id),
  );

  app.post(
    '/adherent-users',
    {
      schema: {
        tags,
        summary: 'Créer un utilisateur adhérent',
        description: rules,
        body: adherentUserBody,
        response: { 201: adherentUser },
      },
      onRequest: guard,
    },
    async (request, reply) => reply.status(201).send(await createAdherentUser(staffContext(request, deps), request.body)),
  );

  app.put(
    '/adherent-users/:id(^\\d+)',
    {
      schema: {
        tags,
        summary: 'Modifier un utilisateur adhérent',
        description: rules,
        params: adherentUserParams,
        body: adherentUserBody,
        response: { 200: adherentUser },
      },
      onRequest: guard,
    },
    async (request) => updateAdherentUser(staffContext(request, deps), request.params.id, request.body),
  );

  // Custom method `POST /adherent-users/{id}:archive`: the second colon is escaped, the regex keeps
  // `:archive` out of the id.
  app.post(
    '/adherent-users/:id(^\\d+)::archive',
    {
      schema: {
        tags,
        summary: 'Archiver un utilisateur adhérent',
        description: `Le compte ne peut plus se connecter et quitte les listes ; la ligne reste pour l'historique. ${rules}`,
        params: adherentUserParams,
        response: { 204: z.null() },
      },
      onRequest: guard,
    },
    async (request, reply) => {
      await archiveAdherentUser(staffContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
