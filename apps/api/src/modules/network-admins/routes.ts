import {
  directoryNetworkAdminList,
  idParams,
  networkAdmin,
  networkAdminBody,
  networkAdminList,
  networkAdminListQuery,
  networkAdminReorderBody,
} from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireAdmin } from '../../auth/guards.js';
import { staffContext } from '../../lib/request-context.js';
import { assertMayReadMemberDirectory } from '../adherents/policy.js';
import { listDirectoryNetworkAdmins } from '../directory/service.js';
import { createNetworkAdmin, getNetworkAdmin, listNetworkAdmins, reorderNetworkAdmins, updateNetworkAdmin } from './service.js';

const tags = ['network-admins'];
// Every call of the area is network_admins_administration's (spec 01 §6).
const guard = requireAdmin('network_admins_administration');

/** Network admins (spec 01 §2 /intranet/users, §7). */
export const networkAdminsRoutes: Module = (app, deps) => {
  app.get(
    '/network-admins',
    {
      schema: {
        tags,
        summary: 'Administrateurs du réseau, dans leur ordre d’affichage',
        description:
          "Sans isForDirectory : la liste d'administration (network_admins_administration). Avec isForDirectory=true : les têtes de réseau de l'annuaire, actives et non masquées, avec les seuls champs d'une fiche (tout utilisateur de l'intranet sauf le rôle 8).",
        querystring: networkAdminListQuery,
        response: { 200: z.union([networkAdminList, directoryNetworkAdminList]) },
      },
      onRequest: requireAdmin(),
    },
    async (request) => {
      const ctx = staffContext(request, deps);
      if (request.query.isForDirectory) {
        assertMayReadMemberDirectory(ctx.caller);
        return { networkAdmins: await listDirectoryNetworkAdmins(ctx.db), pageCount: 1 };
      }
      return listNetworkAdmins(ctx, request.query);
    },
  );

  app.get(
    '/network-admins/:id',
    {
      schema: { tags, summary: 'Un administrateur du réseau', params: idParams, response: { 200: networkAdmin } },
      onRequest: guard,
    },
    async (request) => getNetworkAdmin(deps.db, request.params.id),
  );

  app.post(
    '/network-admins',
    {
      schema: { tags, summary: 'Crée un administrateur du réseau', body: networkAdminBody, response: { 201: networkAdmin } },
      onRequest: guard,
    },
    async (request, reply) => reply.status(201).send(await createNetworkAdmin(staffContext(request, deps), request.body)),
  );

  app.put(
    '/network-admins/:id',
    {
      schema: {
        tags,
        summary: 'Modifie un administrateur du réseau',
        params: idParams,
        body: networkAdminBody,
        response: { 200: networkAdmin },
      },
      onRequest: guard,
    },
    async (request) => updateNetworkAdmin(staffContext(request, deps), request.params.id, request.body),
  );

  // Custom method on the collection: `:` escaped as `::`.
  app.post(
    '/network-admins::reorder',
    {
      schema: {
        tags,
        summary: 'Déplace un administrateur après un autre (0 = en premier)',
        body: networkAdminReorderBody,
        response: { 204: z.null() },
      },
      onRequest: guard,
    },
    async (request, reply) => {
      await reorderNetworkAdmins(staffContext(request, deps), request.body);
      return reply.status(204).send(null);
    },
  );
};
