import {
  monthlyResultBody,
  monthlyResultBrandList,
  monthlyResultCreated,
  monthlyResultEquipmentList,
  monthlyResultList,
  monthlyResultListQuery,
  monthlyResultNetworkFigures,
  monthlyResultNetworkFiguresQuery,
  monthlyResultParams,
  NOT_FOUND_SUBJECTS,
} from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireAdmin } from '../../auth/guards.js';
import { errors } from '../../lib/errors.js';
import { staffContext } from '../../lib/request-context.js';
import { networkFigures } from './figures.js';
import { createMonthlyResult, listMonthlyResults, updateMonthlyResult } from './service.js';
import { monthlyResultLines } from './values.js';

const tags = ['monthly-results'];
/** The form and everything it reads need the permission (spec 02 §2); the agency must be the caller's (service). */
const guard = requireAdmin('monthly_result_administration');

/** Monthly results (spec 02 §2, §4, §7): one entry per agency and month, and the network's figures beside it. */
export const monthlyResultsRoutes: Module = (app, deps) => {
  app.get(
    '/monthly-results',
    {
      schema: {
        tags,
        summary: "Résultats mensuels d'une agence de l'appelant",
        querystring: monthlyResultListQuery,
        response: { 200: monthlyResultList },
      },
      onRequest: guard,
    },
    async (request) => ({ monthlyResults: await listMonthlyResults(staffContext(request, deps), request.query) }),
  );

  app.get(
    '/monthly-results::network-figures',
    {
      schema: {
        tags,
        summary: "Chiffres du réseau d'un mois face à ceux de l'agence",
        description:
          "Totaux, moyennes et rang de l'agence par ligne, sur les agences qui ont saisi le mois ; jamais les chiffres d'une autre agence. 409 monthly_result_missing tant que l'agence n'a pas saisi ce mois ; totaux retenus tant que moins de 2 adhérents autres que celui de l'agence ont saisi le mois.",
        querystring: monthlyResultNetworkFiguresQuery,
        response: { 200: monthlyResultNetworkFigures },
      },
      onRequest: guard,
    },
    async (request) => networkFigures(staffContext(request, deps), request.query),
  );

  app.get(
    '/monthly-result-equipments',
    {
      schema: { tags, summary: 'Équipements du formulaire et leurs rubriques', response: { 200: monthlyResultEquipmentList } },
      onRequest: guard,
    },
    async () => ({ monthlyResultEquipments: (await monthlyResultLines(deps.db)).equipments }),
  );

  app.get(
    '/monthly-result-brands',
    {
      schema: {
        tags,
        summary: 'Marques du formulaire, « Autres marques » en dernier',
        response: { 200: monthlyResultBrandList },
      },
      onRequest: guard,
    },
    async () => ({ monthlyResultBrands: (await monthlyResultLines(deps.db)).brands }),
  );

  app.post(
    '/monthly-results',
    {
      schema: {
        tags,
        summary: "Saisit les chiffres d'un mois",
        description:
          'Une saisie par agence et par mois (409 monthly_result_exists) ; le mois en cours ou un mois passé ; une ligne absente vaut 0.',
        body: monthlyResultBody,
        response: { 201: monthlyResultCreated },
      },
      onRequest: guard,
    },
    async (request, reply) => reply.status(201).send(await createMonthlyResult(staffContext(request, deps), request.body)),
  );

  app.put(
    '/monthly-results/:id',
    {
      schema: {
        tags,
        summary: "Corrige les chiffres d'un mois",
        description: "L'agence et le mois restent ceux du résultat ; une ligne absente vaut 0.",
        params: monthlyResultParams,
        body: monthlyResultBody,
        response: { 204: z.null() },
      },
      onRequest: guard,
    },
    async (request, reply) => {
      if (!(await updateMonthlyResult(staffContext(request, deps), request.params.id, request.body)))
        throw errors.notFound(NOT_FOUND_SUBJECTS.monthlyResult);
      return reply.status(204).send(null);
    },
  );
};
