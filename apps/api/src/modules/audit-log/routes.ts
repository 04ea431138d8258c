import { AUDIT_LOG_CSV_MAX_ROWS, auditLogFilters, auditLogList, auditLogPeople, auditLogQuery } from '@reseau/contracts';
import { z } from 'zod';
import type { Module } from '../../app-deps.js';
import { frenchToday } from '../../lib/french.js';
import { staffContext } from '../../lib/request-context.js';
import { auditLogCsv, auditLogCsvName } from './csv.js';
import { requireAuditReader } from './policy.js';
import { exportAuditLog, listAuditLog, listAuditPeople } from './service.js';

const tags = ['audit-log'];
const WHO =
  "Rôle 1 : tout le réseau ; dirigeant d'adhérent (rôle 4) : les entrées dont l'auteur ou le sujet appartient à son adhérent ; tout autre appelant : 403.";
const FILTERS =
  "Filtres : personId (la personne qui a agi, ou au nom de qui on a agi), action (code), agencyId (les entrées de l'agence et de ses comptes), dateFrom et dateTo (jours de Paris, inclus).";

/**
 * The audit log, readable (issue 27 §4). No route changes or deletes an entry; its yearly purge
 * (purge.ts) is a rule of the daily `retention` job (modules/retention).
 */
export const auditLogRoutes: Module = (app, deps) => {
  app.get(
    '/audit-log',
    {
      schema: {
        tags,
        summary: "Journal d'audit : qui a fait quoi, quand, depuis quelle adresse, en tant que qui",
        description: `Les plus récentes en premier. ${WHO} ${FILTERS}`,
        querystring: auditLogQuery,
        response: { 200: auditLogList },
      },
      onRequest: requireAuditReader(),
    },
    async (request) => listAuditLog(staffContext(request, deps), request.query),
  );

  app.get(
    '/audit-log.csv',
    {
      schema: {
        tags,
        summary: "Journal d'audit en CSV (mêmes filtres)",
        description: `Fichier CSV pour Excel (séparateur ;, BOM UTF-8, cellules commençant comme une formule neutralisées), les ${AUDIT_LOG_CSV_MAX_ROWS} entrées les plus récentes au plus : resserrer les dates pour la suite. L'export est lui-même inscrit au journal. ${WHO} ${FILTERS}`,
        querystring: auditLogFilters,
        response: { 200: z.string().meta({ description: 'Le fichier CSV' }) },
      },
      onRequest: requireAuditReader(),
    },
    async (request, reply) => {
      const csv = auditLogCsv(await exportAuditLog(staffContext(request, deps), request.query));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${auditLogCsvName(frenchToday())}"`)
        .send(csv);
    },
  );

  app.get(
    '/audit-log/people',
    {
      schema: {
        tags,
        summary: "Les personnes que le filtre du journal d'audit propose",
        description: `Rôle 1 : tous les comptes du personnel ; dirigeant d'adhérent : les comptes de son adhérent. ${WHO}`,
        response: { 200: auditLogPeople },
      },
      onRequest: requireAuditReader(),
    },
    async (request) => listAuditPeople(staffContext(request, deps)),
  );
};
