import {
  documentBaseItem,
  documentBaseItemBody,
  documentBaseItemCategoriesQuery,
  documentBaseItemCategoryList,
  documentBaseItemCreated,
  documentBaseItemList,
  documentBaseItemListQuery,
  documentBaseItemParams,
  documentBaseItemTypeList,
  documentBaseItemTypesQuery,
  documentBaseList,
  NOT_FOUND_SUBJECTS,
} from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireAdmin } from '../../auth/guards.js';
import { errors } from '../../lib/errors.js';
import { staffContext } from '../../lib/request-context.js';
import {
  getDocumentBaseItem,
  listDocumentBaseItemCategories,
  listDocumentBaseItems,
  listDocumentBaseItemTypes,
  listDocumentBases,
} from './service.js';
import { createDocumentBaseItem, deleteDocumentBaseItem, updateDocumentBaseItem } from './writes.js';

const tags = ['document-bases'];
const none = { 204: z.null() };

/**
 * Document bases (spec 02 §2, §7): reading follows the base (policy.ts: base 1 every staff user,
 * base 2 and the regional bases by permission and region; roles 5, 6 and 8 only public
 * documents); writing needs document_base_administration on a base the caller writes to. A base
 * or document the caller may not read is not found. Customers are refused everywhere.
 */
export const documentBasesRoutes: Module = (app, deps) => {
  documentBaseReadRoutes(app, deps);
  documentBaseWriteRoutes(app, deps);
};

/** The reads: the bases, their categories and types, the documents (every staff user, per base). */
const documentBaseReadRoutes: Module = (app, deps) => {
  app.get(
    '/document-bases',
    {
      schema: { tags, summary: "Les bases documentaires que l'appelant peut lire", response: { 200: documentBaseList } },
      onRequest: requireAdmin(),
    },
    async (request) => ({ documentBases: listDocumentBases(staffContext(request, deps)) }),
  );

  app.get(
    '/document-base-item-categories',
    {
      schema: {
        tags,
        summary: "Catégories d'une base documentaire",
        querystring: documentBaseItemCategoriesQuery,
        response: { 200: documentBaseItemCategoryList },
      },
      onRequest: requireAdmin(),
    },
    async (request) => ({
      documentBaseItemCategories: await listDocumentBaseItemCategories(staffContext(request, deps), request.query.documentBaseId),
    }),
  );

  app.get(
    '/document-base-item-types',
    {
      schema: {
        tags,
        summary: "Types d'une catégorie de documents",
        querystring: documentBaseItemTypesQuery,
        response: { 200: documentBaseItemTypeList },
      },
      onRequest: requireAdmin(),
    },
    async (request) => {
      const types = await listDocumentBaseItemTypes(staffContext(request, deps), request.query.categoryId);
      if (!types) throw errors.notFound(NOT_FOUND_SUBJECTS.documentBaseItemCategory);
      return { documentBaseItemTypes: types };
    },
  );

  app.get(
    '/document-base-items',
    {
      schema: {
        tags,
        summary: "Documents d'une base, les plus récemment modifiés en premier",
        description:
          'Filtres par catégorie, type, destinataires (isPublic) et texte (titre, description, contenu), pages de 12 par défaut. Les rôles 5, 6 et 8 ne reçoivent que les documents publics.',
        querystring: documentBaseItemListQuery,
        response: { 200: documentBaseItemList },
      },
      onRequest: requireAdmin(),
    },
    async (request) => listDocumentBaseItems(staffContext(request, deps), request.query),
  );

  app.get(
    '/document-base-items/:id',
    {
      schema: { tags, summary: 'Un document', params: documentBaseItemParams, response: { 200: documentBaseItem } },
      onRequest: requireAdmin(),
    },
    async (request) => {
      const found = await getDocumentBaseItem(staffContext(request, deps), request.params.id);
      if (!found) throw errors.notFound(NOT_FOUND_SUBJECTS.documentBaseItem);
      return found;
    },
  );
};

/** The writes: document_base_administration on a base the caller writes to. */
const documentBaseWriteRoutes: Module = (app, deps) => {
  app.post(
    '/document-base-items',
    {
      schema: {
        tags,
        summary: 'Ajoute un document à une base',
        description:
          "Les fichiers sont envoyés d'abord (types 7 et 8). Chaque utilisateur qui peut lire le document, sauf son auteur, reçoit la notification NEW_DOCUMENT.",
        body: documentBaseItemBody,
        response: { 201: documentBaseItemCreated },
      },
      onRequest: requireAdmin('document_base_administration'),
    },
    async (request, reply) => reply.status(201).send(await createDocumentBaseItem(staffContext(request, deps), request.body)),
  );

  app.put(
    '/document-base-items/:id',
    {
      schema: {
        tags,
        summary: 'Modifie un document',
        params: documentBaseItemParams,
        body: documentBaseItemBody,
        response: none,
      },
      onRequest: requireAdmin('document_base_administration'),
    },
    async (request, reply) => {
      await updateDocumentBaseItem(staffContext(request, deps), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/document-base-items/:id',
    {
      schema: { tags, summary: 'Supprime un document', params: documentBaseItemParams, response: none },
      onRequest: requireAdmin('document_base_administration'),
    },
    async (request, reply) => {
      await deleteDocumentBaseItem(staffContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
