import {
  NOT_FOUND_SUBJECTS,
  networkActuality,
  networkActualityBody,
  networkActualityCategoryList,
  networkActualityCreated,
  networkActualityList,
  networkActualityListQuery,
  networkActualityParams,
  networkActualityReadBody,
} from '@reseau/contracts';
import { z } from 'zod';
import type { AppDeps, Module } from '../../app-deps.js';
import { requireAdmin } from '../../auth/guards.js';
import { errors } from '../../lib/errors.js';
import type { ZApp } from '../../lib/http.js';
import { staffContext } from '../../lib/request-context.js';
import { assertMayMarkReadFor } from './policy.js';
import {
  getNetworkActuality,
  listNetworkActualities,
  listNetworkActualityCategories,
  markNetworkActualityRead,
  markNetworkActualityUnread,
} from './service.js';
import { createNetworkActuality, deleteNetworkActuality, updateNetworkActuality } from './writes.js';

const tags = ['network-actualities'];
const none = { 204: z.null() };
const notFound = () => errors.notFound(NOT_FOUND_SUBJECTS.networkActuality);

/** The news the caller may read, one news item, the categories. */
function registerNewsReadRoutes(app: ZApp, deps: AppDeps) {
  app.get(
    '/network-actualities',
    {
      schema: {
        tags,
        summary: 'Actualités du réseau, les plus récentes en premier',
        description:
          'Recherche dans le titre et le texte, filtre par destinataires (isPublic 0 ou 1) et par catégorie, pages de 10 par défaut. Les rôles 5, 6 et 8 ne reçoivent que les actualités publiques.',
        querystring: networkActualityListQuery,
        response: { 200: networkActualityList },
      },
      onRequest: requireAdmin(),
    },
    async (request) => listNetworkActualities(staffContext(request, deps), request.query),
  );

  app.get(
    '/network-actualities/:id',
    {
      schema: { tags, summary: 'Une actualité du réseau', params: networkActualityParams, response: { 200: networkActuality } },
      onRequest: requireAdmin(),
    },
    async (request) => {
      const found = await getNetworkActuality(staffContext(request, deps), request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.get(
    '/network-actuality-categories',
    {
      schema: { tags, summary: 'Catégories des actualités', response: { 200: networkActualityCategoryList } },
      onRequest: requireAdmin(),
    },
    async () => ({ categories: await listNetworkActualityCategories(deps.db) }),
  );
}

/** The caller's read marks (network_news_reading). */
function registerNewsMarkRoutes(app: ZApp, deps: AppDeps) {
  app.post(
    '/network-actualities-read',
    {
      schema: {
        tags,
        summary: 'Marque une actualité comme lue',
        description: "adminId doit être celui de l'appelant (ou de l'utilisateur incarné).",
        body: networkActualityReadBody,
        response: none,
      },
      onRequest: requireAdmin('network_news_reading'),
    },
    async (request, reply) => {
      const ctx = staffContext(request, deps);
      assertMayMarkReadFor(ctx.caller, request.body.adminId);
      if (!(await markNetworkActualityRead(ctx, request.body.networkActualityId))) throw notFound();
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/network-actualities-unread/:id',
    {
      schema: { tags, summary: 'Marque une actualité comme non lue', params: networkActualityParams, response: none },
      onRequest: requireAdmin('network_news_reading'),
    },
    async (request, reply) => {
      if (!(await markNetworkActualityUnread(staffContext(request, deps), request.params.id))) throw notFound();
      return reply.status(204).send(null);
    },
  );
}

/** Publish, edit, delete (network_actualities_administration, writes.ts). */
function registerNewsWriteRoutes(app: ZApp, deps: AppDeps) {
  app.post(
    '/network-actualities',
    {
      schema: {
        tags,
        summary: 'Publie une actualité du réseau',
        description:
          "Les fichiers sont envoyés d'abord (types 9 et 10). Chaque utilisateur qui peut lire l'actualité reçoit la notification NEW_NETWORK_ACTUALITY.",
        body: networkActualityBody,
        response: { 201: networkActualityCreated },
      },
      onRequest: requireAdmin('network_actualities_administration'),
    },
    async (request, reply) => reply.status(201).send(await createNetworkActuality(staffContext(request, deps), request.body)),
  );

  app.put(
    '/network-actualities/:id',
    {
      schema: {
        tags,
        summary: 'Modifie une actualité du réseau',
        params: networkActualityParams,
        body: networkActualityBody,
        response: none,
      },
      onRequest: requireAdmin('network_actualities_administration'),
    },
    async (request, reply) => {
      if (!(await updateNetworkActuality(staffContext(request, deps), request.params.id, request.body))) throw notFound();
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/network-actualities/:id',
    {
      schema: { tags, summary: 'Supprime une actualité du réseau', params: networkActualityParams, response: none },
      onRequest: requireAdmin('network_actualities_administration'),
    },
    async (request, reply) => {
      if (!(await deleteNetworkActuality(staffContext(request, deps), request.params.id))) throw notFound();
      return reply.status(204).send(null);
    },
  );
}

/**
 * Network news, read side (spec 01 §7): any staff user reads them (roles 5, 6 and 8 only the
 * public ones, see policy.ts); marking read needs network_news_reading; creating, editing and
 * deleting need network_actualities_administration (writes.ts).
 */
export const networkActualitiesRoutes: Module = (app, deps) => {
  registerNewsReadRoutes(app, deps);
  registerNewsMarkRoutes(app, deps);
  registerNewsWriteRoutes(app, deps);
};
