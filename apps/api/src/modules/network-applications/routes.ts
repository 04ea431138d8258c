import {
  NOT_FOUND_SUBJECTS,
  networkApplicationBody,
  networkApplicationCreated,
  networkApplicationList,
  networkApplicationParams,
} from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireAdmin, requireAnyAdmin } from '../../auth/guards.js';
import { errors } from '../../lib/errors.js';
import { staffContext } from '../../lib/request-context.js';
import { NETWORK_APPLICATION_ADMINISTRATION } from './policy.js';
import {
  createNetworkApplication,
  deleteNetworkApplication,
  listNetworkApplications,
  updateNetworkApplication,
} from './service.js';

const tags = ['network-applications'];
const none = { 204: z.null() };
const notFound = () => errors.notFound(NOT_FOUND_SUBJECTS.networkApplication);

/** Reading takes either permission (see policy.ts `mayReadNetworkApplications`). */
const reader = requireAnyAdmin('network_application_read', NETWORK_APPLICATION_ADMINISTRATION);

/**
 * The network applications directory (spec 02 §2, §7): read with network_application_read or
 * network_application_administration, managed with network_application_administration only.
 */
export const networkApplicationsRoutes: Module = (app, deps) => {
  app.get(
    '/network-applications',
    {
      schema: {
        tags,
        summary: 'Applications du réseau, par ordre alphabétique de titre',
        response: { 200: networkApplicationList },
      },
      onRequest: reader,
    },
    async () => ({ networkApplications: await listNetworkApplications(deps.db) }),
  );

  app.post(
    '/network-applications',
    {
      schema: {
        tags,
        summary: 'Ajoute une application',
        description: "Le logo est envoyé d'abord (POST /files, type 11), puis l'application avec son id.",
        body: networkApplicationBody,
        response: { 201: networkApplicationCreated },
      },
      onRequest: requireAdmin(NETWORK_APPLICATION_ADMINISTRATION),
    },
    async (request, reply) => reply.status(201).send(await createNetworkApplication(staffContext(request, deps), request.body)),
  );

  app.put(
    '/network-applications/:id',
    {
      schema: {
        tags,
        summary: 'Modifie une application',
        params: networkApplicationParams,
        body: networkApplicationBody,
        response: none,
      },
      onRequest: requireAdmin(NETWORK_APPLICATION_ADMINISTRATION),
    },
    async (request, reply) => {
      if (!(await updateNetworkApplication(staffContext(request, deps), request.params.id, request.body))) throw notFound();
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/network-applications/:id',
    {
      schema: { tags, summary: 'Supprime une application', params: networkApplicationParams, response: none },
      onRequest: requireAdmin(NETWORK_APPLICATION_ADMINISTRATION),
    },
    async (request, reply) => {
      if (!(await deleteNetworkApplication(staffContext(request, deps), request.params.id))) throw notFound();
      return reply.status(204).send(null);
    },
  );
};
