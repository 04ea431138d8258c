import {
  adherentAdmin,
  adherentAdminBody,
  adherentAdminList,
  adherentAdminListQuery,
  adherentAdminParams,
} from '@reseau/contracts';
import type { Module } from '../../app-deps.js';
import { requireAnyAdmin } from '../../auth/guards.js';
import { staffContext } from '../../lib/request-context.js';
import { ADHERENT_ADMINS_MANAGERS } from './policy.js';
import { createAdherentAdmin, getAdherentAdmin, listAdherentAdmins, updateAdherentAdmin } from './service.js';

const tags = ['adherent-admins'];
const onMap =
  'Un seul administrateur adhérent par adhérent est affiché sur la carte : en afficher un second répond 409 `adherent_admin_already_on_map` avec `adminAdherentIds`. Les lignes des rôles 4 et 7 sont refusées aux comptes adhérents.';

/** Adherent admins (spec 01 §7): adherents_administration, or adherent_users_administration for one's own adherent. */
export const adherentAdminsRoutes: Module = (app, deps) => {
  const guard = requireAnyAdmin(...ADHERENT_ADMINS_MANAGERS);

  app.get(
    '/adherent-admins',
    {
      schema: {
        tags,
        summary: "Les administrateurs d'un adhérent (adherentId) ou de l'adhérent d'un administrateur (adminId)",
        querystring: adherentAdminListQuery,
        response: { 200: adherentAdminList },
      },
      onRequest: guard,
    },
    async (request) => ({ adherentAdmins: await listAdherentAdmins(staffContext(request, deps), request.query) }),
  );

  app.get(
    '/adherent-admins/:id',
    {
      schema: { tags, summary: 'Un administrateur adhérent', params: adherentAdminParams, response: { 200: adherentAdmin } },
      onRequest: guard,
    },
    async (request) => getAdherentAdmin(staffContext(request, deps), request.params.id),
  );

  app.post(
    '/adherent-admins',
    {
      schema: {
        tags,
        summary: 'Créer un administrateur adhérent',
        description: onMap,
        body: adherentAdminBody,
        response: { 201: adherentAdmin },
      },
      onRequest: guard,
    },
    async (request, reply) => reply.status(201).send(await createAdherentAdmin(staffContext(request, deps), request.body)),
  );

  app.put(
    '/adherent-admins/:id',
    {
      schema: {
        tags,
        summary: 'Modifier un administrateur adhérent',
        description: onMap,
        params: adherentAdminParams,
        body: adherentAdminBody,
        response: { 200: adherentAdmin },
      },
      onRequest: guard,
    },
    async (request) => updateAdherentAdmin(staffContext(request, deps), request.params.id, request.body),
  );
};
