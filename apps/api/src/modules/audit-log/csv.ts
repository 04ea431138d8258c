import type { AuditLogEntry } from '@reseau/contracts';
import { spreadsheetCsv } from '@reseau/contracts/spreadsheet-csv';
import { formatParisDateTime } from '../../lib/french.js';

const HEADER = ['date', 'action', 'code', 'personne', 'en tant que', 'objet', 'identifiant', 'adresse IP', 'résumé'];

/**
 * The entries as a CSV file that Excel opens right in French (the shared spreadsheet rules of the
 * imports page: `;`, a BOM, CRLF, formula cells defused: an address typed at a failed sign-in
 * comes from anyone). Dates in Paris time.
 */
export function auditLogCsv(entries: readonly AuditLogEntry[]): string {
  const rows = entries.map((e) => [
    formatParisDateTime(new Date(e.at)),
    e.actionLabel,
    e.action,
    e.actor.name,
    e.impersonatedAdmin?.name ?? null,
    e.entity,
    e.entityId,
    e.ipAddress,
    e.summary,
  ]);
  return spreadsheetCsv([HEADER, ...rows]);
}

/** `journal-audit-2026-11-28.csv` (the day of the export, in Paris). */
export const auditLogCsvName = (today: string) => `journal-audit-${today}.csv`;
