import {
  agencyNetworkPrestation,
  agencyNetworkPrestationBody,
  agencyNetworkPrestationUpdate,
  agencyPrestation,
  agencyPrestationBody,
  agencyPrestationList,
  agencyPrestationReorderBody,
  agencyQuery,
  created,
  prestationParams,
} from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireAdmin } from '../../auth/guards.js';
import { staffContext } from '../../lib/request-context.js';
import { createAgencyNetworkPrestation, updateAgencyNetworkPrestation } from './agency-network-service.js';
import {
  createAgencyPrestation,
  deleteAgencyPrestation,
  getAgencyPrestation,
  listAgencyPrestations,
  reorderAgencyPrestation,
  updateAgencyPrestation,
} from './agency-service.js';
import { AGENCY_PERMISSION } from './policy.js';

const tags = ['prestations'];
const none = { 204: z.null() };

/** An agency's own prestations and its settings for the network's (spec 01 §4, §7), in its scope. */
export const agencyPrestationsRoutes: Module = (app, deps) => {
  const agency = { onRequest: requireAdmin(AGENCY_PERMISSION) };

  app.get(
    '/all-agency-prestations',
    { schema: { tags, querystring: agencyQuery, response: { 200: agencyPrestationList } }, ...agency },
    async (request) => ({ agencyPrestations: await listAgencyPrestations(staffContext(request, deps), request.query.agencyId) }),
  );
  app.get(
    '/agency-prestations/:id(^\\d+)',
    { schema: { tags, params: prestationParams, response: { 200: agencyPrestation } }, ...agency },
    async (request) => getAgencyPrestation(staffContext(request, deps), request.params.id),
  );
  app.post(
    '/agency-prestations',
    { schema: { tags, body: agencyPrestationBody, response: { 201: created } }, ...agency },
    async (request, reply) => reply.status(201).send(await createAgencyPrestation(staffContext(request, deps), request.body)),
  );
  app.put(
    '/agency-prestations/:id(^\\d+)',
    { schema: { tags, params: prestationParams, body: agencyPrestationBody, response: none }, ...agency },
    async (request, reply) => {
      await updateAgencyPrestation(staffContext(request, deps), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/agency-prestations/:id(^\\d+)',
    { schema: { tags, params: prestationParams, response: none }, ...agency },
    async (request, reply) => {
      await deleteAgencyPrestation(staffContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/agency-prestations::reorder',
    { schema: { tags, body: agencyPrestationReorderBody, response: none }, ...agency },
    async (request, reply) => {
      const { reorderedPrestationId, newPrecedingPrestationId } = request.body;
      await reorderAgencyPrestation(staffContext(request, deps), reorderedPrestationId, newPrecedingPrestationId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/agency-network-prestations',
    { schema: { tags, body: agencyNetworkPrestationBody, response: { 201: agencyNetworkPrestation } }, ...agency },
    async (request, reply) =>
      reply.status(201).send(await createAgencyNetworkPrestation(staffContext(request, deps), request.body)),
  );
  app.put(
    '/agency-network-prestations/:id(^\\d+)',
    {
      schema: { tags, params: prestationParams, body: agencyNetworkPrestationUpdate, response: { 200: agencyNetworkPrestation } },
      ...agency,
    },
    async (request) => updateAgencyNetworkPrestation(staffContext(request, deps), request.params.id, request.body),
  );
};
