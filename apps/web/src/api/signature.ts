import type { SignatureDocumentStatus, SignatureQuotationStatus } from '@reseau/contracts/constants/signature-documents';
import type {
  SignatureArchiveBody,
  SignatureCount,
  SignatureDocument,
  SignatureDocumentBody,
  SignatureQuotation,
} from '@reseau/contracts/schemas/signature-documents';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '../lib/use-paged-query';
import { api, landingGet } from './http';
import { queryClient } from './query-client';

export type { SignatureCount, SignatureDocument, SignatureDocumentBody, SignatureQuotation };

/** A period as the API takes it: `[start, end)`, `yyyy-MM-dd`. */
export interface Period {
  startDateIncluded: string;
  endDateExcluded: string;
}

export const signatureKeys = {
  all: ['signature'] as const,
  documents: (q: object) => ['signature', 'documents', q] as const,
  quotations: (q: object) => ['signature', 'quotations', q] as const,
  counts: (q: object) => ['signature', 'counts', q] as const,
};

/**
 * `limit` / `offset` paging (spec 02 §7) seen as the numbered pages PagedTable draws: the query's
 * `queryFn` and, when the route started that very GET (app/early-paths.ts), its answer as the
 * first render's data (api/http.ts landingGet).
 */
function windowOf<T>(
  path: string,
  listKey: string,
  query: Record<string, string | number | boolean | undefined>,
  pageNumber: number,
  pageSize: number,
) {
  return landingGet(
    path,
    { ...query, limit: pageSize, offset: (pageNumber - 1) * pageSize },
    (answer: Record<string, unknown>): Page<T> => {
      const items = answer[listKey];
      const total = typeof answer.totalCount === 'number' ? answer.totalCount : 0;
      return { items: Array.isArray(items) ? (items as T[]) : [], pageCount: Math.ceil(total / pageSize) };
    },
  );
}

export interface SignatureListFilters {
  agencyId: number | null;
  search: string;
  period: Period | null;
  pageNumber: number;
  pageSize: number;
}

/** GET /signature-documents: the agency's documents, newest first. */
export function useSignatureDocumentPage(filters: SignatureListFilters & { status?: SignatureDocumentStatus }) {
  return useQuery({
    queryKey: signatureKeys.documents(filters),
    ...windowOf<SignatureDocument>(
      '/signature-documents',
      'signatureDocuments',
      {
        agencyId: filters.agencyId ?? undefined,
        search: filters.search || undefined,
        status: filters.status,
        ...filters.period,
      },
      filters.pageNumber,
      filters.pageSize,
    ),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'signature.errors.loadDocuments' },
  });
}

/** GET /agency-contract-quotations (signature view): the agency's quotes whose signature was started. */
export function useSignatureQuotationPage(filters: SignatureListFilters & { status?: SignatureQuotationStatus }) {
  return useQuery({
    queryKey: signatureKeys.quotations(filters),
    ...windowOf<SignatureQuotation>(
      '/agency-contract-quotations',
      'agencyContractQuotations',
      {
        agencyId: filters.agencyId ?? undefined,
        hasSignatureInitiated: true,
        search: filters.search || undefined,
        status: filters.status,
        startSignatureDateIncluded: filters.period?.startDateIncluded,
        endSignatureDateExcluded: filters.period?.endDateExcluded,
      },
      filters.pageNumber,
      filters.pageSize,
    ),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'signature.errors.loadQuotations' },
  });
}

/** GET /signature-counts-by-agency: signatures per agency and month over the caller's scope. */
export function useSignatureCounts(query: { agencyId?: number; adherentId?: number; period: Period | null }) {
  return useQuery({
    queryKey: signatureKeys.counts(query),
    ...landingGet(
      '/signature-counts-by-agency',
      { agencyId: query.agencyId, adherentId: query.adherentId, ...query.period },
      (answer: { signatureCounts: SignatureCount[] }) => answer.signatureCounts,
    ),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'signature.errors.loadCounts' },
  });
}

/** POST /signature-documents. */
export async function sendSignatureDocument(body: SignatureDocumentBody): Promise<SignatureDocument> {
  const sent = await api.post<SignatureDocument>('/signature-documents', body);
  void queryClient.invalidateQueries({ queryKey: signatureKeys.all });
  return sent;
}

/** POST /signature-documents:archive: the id of the signatures.zip made for the caller. */
export const createSignatureArchive = (body: SignatureArchiveBody) =>
  api.post<{ fileId: number; envelopeCount: number }>('/signature-documents:archive', body);
