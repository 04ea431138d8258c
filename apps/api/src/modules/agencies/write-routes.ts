import { agencyCreateBody, agencyCreated, agencyIdParam, agencyInfosBody, agencyUpdateBody } from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireAdmin } from '../../auth/guards.js';
import { staffContext } from '../../lib/request-context.js';
import { createAgency, updateAgency, updateAgencyInfos } from './writes.js';

const tags = ['agencies'];

/** The agency form and my agency (spec 01 §7). Scope and rules are in writes.ts. */
export const agencyWriteRoutes: Module = (app, deps) => {
  app.post(
    '/agencies',
    {
      schema: {
        tags,
        summary: "Créer une agence d'un adhérent",
        description:
          'Permission adherents_administration (rôles réseau). La clé secrète PayPlug est écrite, jamais relue. Les champs de lieu de la spec (agencyAddress1, agencyPostalCode, agencyCity, agencyLatitude, agencyLongitude ; agencyName = name) sont facultatifs.',
        body: agencyCreateBody,
        response: { 201: agencyCreated },
      },
      onRequest: requireAdmin('adherents_administration'),
    },
    async (request, reply) => {
      const created = await createAgency(staffContext(request, deps), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/agencies/:id',
    {
      schema: {
        tags,
        summary: 'Modifier une agence (formulaire agence et page agence)',
        description:
          "Permission agency_info_administration ; un compte adhérent ne modifie que ses agences. payPlugSecretKey absent : la clé enregistrée est gardée ; null : elle est retirée. isActive absent : l'état est gardé ; seul adherents_administration le change (403 sinon). Champs de la page agence (pageTitle, pageDescription, pageIllustrationFileId, pageLogosFiles, publicAdvertisementFileId) facultatifs : absents, ils restent tels quels ; pageDescription est nettoyée et doit contenir du texte. Lieu (spec 01 §3) : agencyAddress1, agencyPostalCode, agencyCity, agencyLatitude, agencyLongitude facultatifs (absents, gardés ; les mêmes que les coordonnées de mon agency) ; agencyName, s'il est envoyé, est name.",
        params: agencyIdParam,
        body: agencyUpdateBody,
        response: { 204: z.null() },
      },
      onRequest: requireAdmin('agency_info_administration'),
    },
    async (request, reply) => {
      await updateAgency(staffContext(request, deps), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/agencies/:id/infos',
    {
      schema: {
        tags,
        summary: 'Modifier mon agence (coordonnées, nous contacter, informations légales)',
        description: "Permission agency_info_administration ; les horaires (texte riche) sont nettoyés à l'écriture.",
        params: agencyIdParam,
        body: agencyInfosBody,
        response: { 204: z.null() },
      },
      onRequest: requireAdmin('agency_info_administration'),
    },
    async (request, reply) => {
      await updateAgencyInfos(staffContext(request, deps), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
};
