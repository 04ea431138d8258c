import {
  AGENCY_API_KEY_HEADER,
  IMPORT_CHANGES_PAGE,
  IMPORT_ITEM_TYPES,
  IMPORT_MAX_BODY_BYTES,
  IMPORT_MAX_ITEMS,
  IMPORT_MESSAGES,
  type ImportItemType,
  importAnswer,
  importBody,
  importChanges,
  importChangesQuery,
  importFileAnswer,
  importFileParams,
  importList,
  importListQuery,
  importParams,
  importQuery,
  importReport,
} from '@reseau/contracts';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps, Module } from '../../app-deps.js';
import { adminRefusal, asyncGuard, type Guard } from '../../auth/guards.js';
import { errors } from '../../lib/errors.js';
import type { ZApp } from '../../lib/http.js';
import { agencyKeyOf, agencyKeyRoute, checkAgencyKey } from '../agency-api-keys/key-auth.js';
import { AGENCY_API_KEY_ADMINISTRATION } from '../agency-api-keys/policy.js';
import { listImportChanges } from './changes.js';
import { agencyKeyContext, importReaderContext } from './context.js';
import { csvItems } from './csv.js';
import { attachImportFile, IMPORT_FILE_TYPE } from './files.js';
import { IMPORT_MAILS_JOB, importMailsEffects, importMailsJob, sendImportMails } from './mails.js';
import { getImportReport, listImports, runImport } from './service.js';

const tags = ['imports'];
const CSV_CONTENT_TYPES = ['text/csv', 'application/csv'];
const isCsv = (request: FastifyRequest) => CSV_CONTENT_TYPES.some((t) => request.headers['content-type']?.startsWith(t));

/**
 * The reports are read by the software with its key, or by the agency's administrators with
 * their session (the intranet history): a request with the key header is judged by the key only.
 */
function keyOrStaff(deps: Pick<AppDeps, 'db' | 'throttle'>): Guard {
  const byKey = checkAgencyKey(deps);
  const byStaff = adminRefusal(AGENCY_API_KEY_ADMINISTRATION);
  return asyncGuard({ kind: 'agency-key-or-admin', allOf: [AGENCY_API_KEY_ADMINISTRATION] }, async (request) => {
    if (request.headers[AGENCY_API_KEY_HEADER] !== undefined) return byKey(request);
    const refused = byStaff(request);
    if (refused) throw refused;
  });
}

/** Agency data in (issue 11): an agency's software writes its customers and their documents. */
export const importsRoutes: Module = (app, deps) => {
  deps.jobs.handle(IMPORT_MAILS_JOB, async (payload, { jobId }) =>
    sendImportMails(deps, Number(payload.agencyId), await importMailsEffects(deps.db, jobId, payload), `job:${jobId}`),
  );
  // A CSV body (one item type per file, `?type=`) becomes the same `{ items }` as a JSON batch,
  // so that both go through the same checks; only this scope reads text/csv.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      CSV_CONTENT_TYPES,
      { parseAs: 'string', bodyLimit: IMPORT_MAX_BODY_BYTES },
      (request, body, done) => {
        const { type } = request.query as { type?: unknown };
        if (type === undefined || type === '') {
          done(errors.validation({ type: [IMPORT_MESSAGES.csvTypeRequired] }, IMPORT_MESSAGES.csvTypeRequired));
          return;
        }
        if (!IMPORT_ITEM_TYPES.includes(type as ImportItemType)) {
          done(errors.validation({ type: [IMPORT_MESSAGES.unknownType] }, IMPORT_MESSAGES.unknownType));
          return;
        }
        done(null, { items: csvItems(String(body), type as ImportItemType) });
      },
    );
    registerImportPost(scope.withTypeProvider<ZodTypeProvider>(), deps);
  });

  // The PDF is the raw body, read whole (at most the type's 20 MB), only in this scope.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/pdf', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: IMPORT_FILE_TYPE.maxSize + 1 },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/imports/files/:type/:externalRef',
      {
        schema: {
          tags,
          summary: "Joint le PDF d'un devis, d'une facture, d'une intervention (bon) ou d'un document importé",
          description: `Authentifiée par la clé de l'agence (\`${AGENCY_API_KEY_HEADER}\`). Corps : le PDF lui-même (application/pdf), vérifié par son contenu, 20 Mo au plus. Les mêmes octets une deuxième fois ne stockent rien (unchanged).`,
          params: importFileParams,
          response: { 200: importFileAnswer },
        },
        ...agencyKeyRoute(deps),
      },
      async (request) => {
        const body = request.body;
        const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
        return attachImportFile(agencyKeyContext(request, deps), request.params.type, request.params.externalRef, bytes);
      },
    );
  });

  app.get(
    '/imports/changes',
    {
      schema: {
        tags,
        summary: "Ce que les clients de l'agence ont fait dans l'espace client depuis une date",
        description: `Authentifiée par la clé de l'agence (\`${AGENCY_API_KEY_HEADER}\`). Décisions sur les devis (acceptés, signés, refusés), paiements de factures, changements d'email et de téléphones des contrats, du plus ancien au plus récent, ${IMPORT_CHANGES_PAGE} par page : redonner \`nextCursor\` comme \`cursor\` tant que \`hasMore\`.`,
        querystring: importChangesQuery,
        response: { 200: importChanges },
      },
      ...agencyKeyRoute(deps),
    },
    async (request) => listImportChanges(agencyKeyContext(request, deps), new Date(request.query.since), request.query.cursor),
  );

  app.get(
    '/imports/:id',
    {
      schema: {
        tags,
        summary: "Le compte rendu d'un import, élément par élément",
        description: `Avec la clé de l'agence (\`${AGENCY_API_KEY_HEADER}\`) ou une session d'administrateur de l'agence (${AGENCY_API_KEY_ADMINISTRATION}).`,
        params: importParams,
        response: { 200: importReport },
      },
      ...agencyKeyRoute(deps),
      onRequest: keyOrStaff(deps),
    },
    async (request) => getImportReport(importReaderContext(request, deps), request.params.id),
  );

  app.get(
    '/imports',
    {
      schema: {
        tags,
        summary: "L'historique des imports d'une agence, du plus récent au plus ancien, page par page",
        description: `Administrateurs de l'agence (${AGENCY_API_KEY_ADMINISTRATION}), rôles 1 et 2 pour toute agence ; ou la clé de l'agence pour la sienne.`,
        querystring: importListQuery,
        response: { 200: importList },
      },
      ...agencyKeyRoute(deps),
      onRequest: keyOrStaff(deps),
    },
    async (request) => listImports(importReaderContext(request, deps), request.query),
  );
};

function registerImportPost(app: ZApp, deps: AppDeps) {
  app.post(
    '/imports',
    {
      schema: {
        tags,
        summary: "Importe les données de l'agence de la clé (clients, contrats, devis, factures, interventions, documents)",
        description: `Authentifiée par la clé de l'agence dans l'en-tête \`${AGENCY_API_KEY_HEADER}\`. Corps JSON \`{ items }\`, ou fichier CSV (text/csv) d'un seul type donné par \`?type=\`, dont la ligne d'en-tête nomme les champs. De 1 à ${IMPORT_MAX_ITEMS} éléments ; types : ${IMPORT_ITEM_TYPES.join(', ')}. Chaque élément est vérifié seul : un élément invalide est signalé (status error, errors par champ) sans arrêter les autres. Renvoyer les mêmes éléments ne change rien (unchanged). Voir docs/import.md.`,
        querystring: importQuery,
        body: importBody,
        response: { 200: importAnswer },
      },
      bodyLimit: IMPORT_MAX_BODY_BYTES,
      ...agencyKeyRoute(deps),
    },
    async (request) => {
      const key = agencyKeyOf(request);
      const csv = isCsv(request);
      const sender = { agencyId: key.agencyId, keyId: key.keyId, adminId: null };
      const mails = importMailsJob(deps.jobs, key.agencyId);
      let queued = false;
      const answer = await runImport({ ...agencyKeyContext(request, deps), caller: sender }, request.body.items, {
        source: csv ? 'csv' : 'api',
        itemType: csv ? (request.query.type ?? null) : null,
        // The customers' mails are written with the chunks that cause them and sent after the
        // answer: the software is not kept waiting, and a crash at any point loses none.
        withChunk: (tx, effects) => mails.add(tx, effects),
        withReport: async (tx) => {
          queued = await mails.release(tx);
        },
      });
      if (queued) deps.jobs.kick();
      return answer;
    },
  );
}
