import {
  brandList,
  created,
  equipmentType,
  equipmentTypeDetail,
  equipmentTypeDetailBody,
  equipmentTypeList,
  equipmentTypeQuery,
  networkPrestation,
  networkPrestationBody,
  networkPrestationList,
  networkPrestationReorderBody,
  prestationColorList,
  prestationParams,
  prestationTypeList,
} from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireAdmin } from '../../auth/guards.js';
import { staffContext } from '../../lib/request-context.js';
import {
  getEquipmentType,
  listBrands,
  listEquipmentTypes,
  listPrestationColors,
  listPrestationTypes,
} from './catalogue-service.js';
import { createEquipmentTypeDetail, updateEquipmentTypeDetail } from './details-service.js';
import {
  createNetworkPrestation,
  deleteNetworkPrestation,
  getNetworkPrestation,
  listNetworkPrestations,
  reorderNetworkPrestation,
  updateNetworkPrestation,
} from './network-service.js';
import { NETWORK_PERMISSION, requireCatalogueReader } from './policy.js';

const tags = ['prestations'];
const none = { 204: z.null() };

/** The catalogue's lookups and the network's prestations (spec 01 §7). */
export const prestationsRoutes: Module = (app, deps) => {
  const reader = { onRequest: requireCatalogueReader() };
  const network = { onRequest: requireAdmin(NETWORK_PERMISSION) };

  app.get('/prestation-colors', { schema: { tags, response: { 200: prestationColorList } }, ...reader }, async () => ({
    prestationColors: await listPrestationColors(deps.db),
  }));
  app.get('/prestation-types', { schema: { tags, response: { 200: prestationTypeList } }, ...reader }, async () => ({
    prestationTypes: await listPrestationTypes(deps.db),
  }));
  app.get('/equipment-types', { schema: { tags, response: { 200: equipmentTypeList } }, ...reader }, async () => ({
    equipmentTypes: await listEquipmentTypes(deps.db),
  }));
  app.get('/brands', { schema: { tags, response: { 200: brandList } }, ...reader }, async () => ({
    brands: await listBrands(deps.db),
  }));
  app.get(
    '/equipment-types/:id',
    { schema: { tags, params: prestationParams, querystring: equipmentTypeQuery, response: { 200: equipmentType } }, ...reader },
    async (request) => getEquipmentType(staffContext(request, deps), request.params.id, request.query.agencyId),
  );

  // Either permission may reach these; the service decides by the block's agencyId.
  app.post(
    '/equipment-types-details',
    { schema: { tags, body: equipmentTypeDetailBody, response: { 201: equipmentTypeDetail } }, ...reader },
    async (request, reply) => reply.status(201).send(await createEquipmentTypeDetail(staffContext(request, deps), request.body)),
  );
  app.put(
    '/equipment-types-details/:id(^\\d+)',
    {
      schema: { tags, params: prestationParams, body: equipmentTypeDetailBody, response: { 200: equipmentTypeDetail } },
      ...reader,
    },
    async (request) => updateEquipmentTypeDetail(staffContext(request, deps), request.params.id, request.body),
  );

  app.get('/network-prestations', { schema: { tags, response: { 200: networkPrestationList } }, ...reader }, async (request) => ({
    networkPrestations: await listNetworkPrestations(staffContext(request, deps)),
  }));
  app.get(
    '/network-prestations/:id(^\\d+)',
    { schema: { tags, params: prestationParams, response: { 200: networkPrestation } }, ...reader },
    async (request) => getNetworkPrestation(staffContext(request, deps), request.params.id),
  );
  app.post(
    '/network-prestations',
    { schema: { tags, body: networkPrestationBody, response: { 201: created } }, ...network },
    async (request, reply) => reply.status(201).send(await createNetworkPrestation(staffContext(request, deps), request.body)),
  );
  app.put(
    '/network-prestations/:id(^\\d+)',
    { schema: { tags, params: prestationParams, body: networkPrestationBody, response: none }, ...network },
    async (request, reply) => {
      await updateNetworkPrestation(staffContext(request, deps), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/network-prestations/:id(^\\d+)',
    { schema: { tags, params: prestationParams, response: none }, ...network },
    async (request, reply) => {
      await deleteNetworkPrestation(staffContext(request, deps), request.params.id);
      return reply.status(204).send(null);
    },
  );
  // Custom method: the colon is escaped so that it is not read as a parameter.
  app.post(
    '/network-prestations::reorder',
    { schema: { tags, body: networkPrestationReorderBody, response: none }, ...network },
    async (request, reply) => {
      await reorderNetworkPrestation(deps.db, request.body.reorderedPrestationId, request.body.newPrecedingPrestationId);
      return reply.status(204).send(null);
    },
  );
};
