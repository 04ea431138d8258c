import { agencyIdParam, POSTAL_CODE_CSV_MAX_BYTES, postalCodeImportResult } from '@reseau/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOf, requireAdmin } from '../../auth/guards.js';
import type { Module } from '../../lib/http.js';
import { exportPostalCodes, importPostalCodes } from './postal-codes.js';

const tags = ['agencies'];
/** What a spreadsheet or a browser sends for a .csv file. */
const CSV_CONTENT_TYPES = ['text/csv', 'text/plain', 'application/vnd.ms-excel', 'application/csv'];

/** Served postal codes as a file (spec 01 §7): agency_postal_codes_administration, own agencies. */
export const postalCodeRoutes: Module = (app, deps) => {
  app.get(
    '/agencies/:id/export-postal-codes',
    {
      schema: {
        tags,
        summary: "Exporter les codes postaux desservis par l'agence (CSV)",
        params: agencyIdParam,
        response: { 200: z.string() },
      },
      onRequest: requireAdmin('agency_postal_codes_administration'),
    },
    async (request, reply) => {
      const csv = await exportPostalCodes(deps.db, adminOf(request), request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="codes-postaux-agence-${request.params.id}.csv"`)
        .send(csv);
    },
  );

  // The import reads the file raw (its own content type), only in this scope.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      CSV_CONTENT_TYPES,
      { parseAs: 'string', bodyLimit: POSTAL_CODE_CSV_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/agencies/:id/import-postal-codes',
      {
        schema: {
          tags,
          summary: "Remplacer les codes postaux desservis par l'agence (fichier CSV brut)",
          description:
            "Corps : le fichier lui-même (text/csv). Un code de 5 chiffres par ligne, première colonne, ligne d'en-tête facultative. Chaque ligne invalide est signalée avec son numéro dans errors.file ; un fichier avec une erreur n'enregistre rien.",
          params: agencyIdParam,
          body: z.string(),
          response: { 200: postalCodeImportResult },
        },
        onRequest: requireAdmin('agency_postal_codes_administration'),
      },
      async (request) => importPostalCodes(deps.db, adminOf(request), request.params.id, request.body, request.ip),
    );
  });
};
