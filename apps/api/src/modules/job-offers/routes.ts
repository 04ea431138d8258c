import {
  jobOffer,
  jobOfferBody,
  jobOfferCreated,
  jobOfferDomainList,
  jobOfferList,
  jobOfferListQuery,
  jobOfferParams,
  jobOfferTypeList,
  NOT_FOUND_SUBJECTS,
} from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireAdmin } from '../../auth/guards.js';
import { errors } from '../../lib/errors.js';
import { staffContext } from '../../lib/request-context.js';
import { getJobOffer, listJobOfferDomains, listJobOffers, listJobOfferTypes } from './service.js';
import { createJobOffer, deleteJobOffer, updateJobOffer } from './writes.js';

const tags = ['job-offers'];
const none = { 204: z.null() };
const notFound = () => errors.notFound(NOT_FOUND_SUBJECTS.jobOffer);
/** Every call of the area needs its permission (spec 02 §6); customers are refused by requireAdmin. */
const guard = requireAdmin('job_offer_administration');

/**
 * Job offers (spec 02 §2, §7): an agency's offers, mailed once to their recipients when they
 * first become active, and the network's templates (policy.ts says who reaches which).
 */
export const jobOffersRoutes: Module = (app, deps) => {
  app.get(
    '/job-offers',
    {
      schema: {
        tags,
        summary: "Offres d'emploi, les plus récentes en premier",
        description:
          "isNetwork (rôles réseau) : tout le réseau ; agencyId (une agence de l'appelant) : ses offres, jamais un modèle ; isTemplate : les modèles (lisibles par tous) ou non.",
        querystring: jobOfferListQuery,
        response: { 200: jobOfferList },
      },
      onRequest: guard,
    },
    async (request) => listJobOffers(staffContext(request, deps), request.query),
  );

  app.get(
    '/job-offers/:id',
    {
      schema: { tags, summary: "Une offre d'emploi ou un modèle", params: jobOfferParams, response: { 200: jobOffer } },
      onRequest: guard,
    },
    async (request) => {
      const found = await getJobOffer(staffContext(request, deps), request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.get(
    '/job-offer-types',
    { schema: { tags, summary: "Types de contrat des offres d'emploi", response: { 200: jobOfferTypeList } }, onRequest: guard },
    async () => ({ jobOfferTypes: await listJobOfferTypes(deps.db) }),
  );

  app.get(
    '/job-offer-domains',
    { schema: { tags, summary: "Domaines des offres d'emploi", response: { 200: jobOfferDomainList } }, onRequest: guard },
    async () => ({ jobOfferDomains: await listJobOfferDomains(deps.db) }),
  );

  app.post(
    '/job-offers',
    {
      schema: {
        tags,
        summary: "Crée une offre d'emploi ou un modèle",
        description:
          "Inactive sauf isActive. Une offre active est envoyée une seule fois à ses destinataires. isTemplate : rôles réseau seulement ; un modèle n'a pas d'agence et n'est jamais actif.",
        body: jobOfferBody,
        response: { 201: jobOfferCreated },
      },
      onRequest: guard,
    },
    async (request, reply) => reply.status(201).send(await createJobOffer(staffContext(request, deps), request.body)),
  );

  app.put(
    '/job-offers/:id',
    {
      schema: {
        tags,
        summary: "Modifie une offre d'emploi (le bouton actif envoie isActive inversé)",
        description: "isActive absent garde l'état enregistré ; une offre qui devient active est datée du jour.",
        params: jobOfferParams,
        body: jobOfferBody,
        response: none,
      },
      onRequest: guard,
    },
    async (request, reply) => {
      if (!(await updateJobOffer(staffContext(request, deps), request.params.id, request.body))) throw notFound();
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/job-offers/:id',
    { schema: { tags, summary: "Supprime une offre d'emploi", params: jobOfferParams, response: none }, onRequest: guard },
    async (request, reply) => {
      if (!(await deleteJobOffer(staffContext(request, deps), request.params.id))) throw notFound();
      return reply.status(204).send(null);
    },
  );
};
