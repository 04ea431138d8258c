import { AUDIT_LOG_PAGE_SIZE } from '@reseau/contracts/constants/audit-log';
import type { AuditLogEntry, AuditLogPeople } from '@reseau/contracts/schemas/audit-log';
import { useQuery } from '@tanstack/react-query';
import { usePagedQuery } from '../lib/use-paged-query';
import { api } from './http';
import { pageOf } from './pages';

export type { AuditLogEntry };

/** The screen's filters, as GET /audit-log and GET /audit-log.csv know them. */
export interface AuditLogFilters {
  personId?: number;
  action?: string;
  agencyId?: number;
  /** `yyyy-MM-dd`, both included. */
  dateFrom?: string;
  dateTo?: string;
}

const auditLogKeys = {
  page: (query: AuditLogFilters & { pageNumber: number }) => ['audit-log', 'page', query] as const,
  people: ['audit-log', 'people'] as const,
};

/** GET /audit-log: newest first, 50 a page (role 1: the network; a director: their adherent). */
export function useAuditLogPage(filters: AuditLogFilters & { pageNumber: number }) {
  const query = { ...filters, pageSize: AUDIT_LOG_PAGE_SIZE };
  return usePagedQuery<AuditLogEntry>({
    queryKey: auditLogKeys.page(filters),
    ...pageOf('/audit-log', 'auditLogEntries', query),
    errorMessage: 'auditLog.errors.load',
  });
}

/** GET /audit-log/people: the person filter's choices, kept a minute. */
export function useAuditLogPeople() {
  return useQuery({
    queryKey: auditLogKeys.people,
    queryFn: async ({ signal }) => (await api.get<AuditLogPeople>('/audit-log/people', { signal })).people,
    staleTime: 60_000,
    meta: { errorMessage: 'auditLog.errors.people' },
  });
}

/** The path of the CSV export of these filters (GET /audit-log.csv), for `useDownload`. */
export function auditLogCsvPath(filters: AuditLogFilters): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `/audit-log.csv?${text}` : '/audit-log.csv';
}
