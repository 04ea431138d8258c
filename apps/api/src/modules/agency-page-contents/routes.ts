import {
  agencyPageContent,
  agencyPageContentBody,
  agencyPageContentCreated,
  agencyPageContentList,
  agencyPageContentListQuery,
  agencyPageContentParams,
} from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireAnyAdmin } from '../../auth/guards.js';
import { staffContext } from '../../lib/request-context.js';
import { CONTENTS_PERMISSIONS } from './policy.js';
import {
  createAgencyPageContent,
  deleteAgencyPageContent,
  getAgencyPageContent,
  listAgencyPageContents,
  updateAgencyPageContent,
} from './service.js';

const tags = ['agency-page-contents'];
const none = { 204: z.null() };

/**
 * Contents of the agency pages (spec 01 §7): an agency's (agency_info_administration, in the
 * caller's agencies) or network-wide ones (network_agency_page_content_administration), see policy.ts.
 */
export const agencyPageContentsRoutes: Module = (app, deps) => {
  // Either permission opens the door; policy.ts then decides for the agency (or the network).
  const guard = requireAnyAdmin(...CONTENTS_PERMISSIONS);

  app.get(
    '/agency-page-contents',
    {
      schema: {
        tags,
        summary: "Contenus de la page d'une agence, ou du réseau sans agencyId",
        querystring: agencyPageContentListQuery,
        response: { 200: agencyPageContentList },
      },
      onRequest: guard,
    },
    async (request) => ({
      agencyPageContents: await listAgencyPageContents(staffContext(request, deps), request.query.agencyId),
    }),
  );

  app.get(
    '/agency-page-contents/:id',
    {
      schema: { tags, summary: 'Un contenu de page', params: agencyPageContentParams, response: { 200: agencyPageContent } },
      onRequest: guard,
    },
    async (request) => getAgencyPageContent(staffContext(request, deps), request.params.id),
  );

  app.post(
    '/agency-page-contents',
    {
      schema: {
        tags,
        summary: "Crée un contenu de page (d'agence, ou du réseau sans agencyId)",
        body: agencyPageContentBody,
        response: { 201: agencyPageContentCreated },
      },
      onRequest: guard,
    },
    async (request, reply) => reply.status(201).send(await createAgencyPageContent(staffContext(request, deps), request.body)),
  );

  app.put(
    '/agency-page-contents/:id',
    {
      schema: {
        tags,
        summary: 'Modifie un contenu de page',
        params: agencyPageContentParams,
        body: agencyPageContentBody,
        response: none,
      },
      onRequest: guard,
    },
    async (request, reply) => {
      await updateAgencyPageContent(staffContext(request, deps), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/agency-page-contents/:id',
    {
      schema: { tags, summary: 'Supprime un contenu de page', params: agencyPageContentParams, response: none },
      onRequest: guard,
    },
    async (request, reply) => {
      await deleteAgencyPageContent(staffContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
