import {
  agencyIdParam,
  POSTAL_CODE_CSV_CONTENT_TYPES,
  POSTAL_CODE_CSV_MAX_BYTES,
  POSTAL_CODE_CSV_MESSAGES,
  postalCodeImportResult,
} from '@reseau/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { requireAdmin } from '../../auth/guards.js';
import { errors } from '../../lib/errors.js';
import { staffContext } from '../../lib/request-context.js';
import { exportPostalCodes, importPostalCodes } from './postal-codes.js';

const tags = ['agencies'];
/** A file that is not a CSV (a picture, a PDF, a workbook, JSON): said in French, on the file field. */
const notCsv = () => errors.validation({ file: [POSTAL_CODE_CSV_MESSAGES.notCsv] }, POSTAL_CODE_CSV_MESSAGES.notCsv);

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
      const csv = await exportPostalCodes(staffContext(request, deps), request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="codes-postaux-agence-${request.params.id}.csv"`)
        .send(csv);
    },
  );

  // The import reads the file raw (its own content type), only in this scope. Any other type, or a
  // "CSV" holding binary bytes (a PNG renamed), is refused as not a CSV rather than read as lines
  // of bad postal codes or answered with a bare 415 (issue 25).
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      POSTAL_CODE_CSV_CONTENT_TYPES,
      { parseAs: 'string', bodyLimit: POSTAL_CODE_CSV_MAX_BYTES },
      (_req, body, done) => (String(body).includes('\u0000') ? done(notCsv()) : done(null, body)),
    );
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: POSTAL_CODE_CSV_MAX_BYTES }, (_req, _body, done) =>
      done(notCsv()),
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
      async (request) => importPostalCodes(staffContext(request, deps), request.params.id, request.body),
    );
  });
};
