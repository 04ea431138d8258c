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
import { api } from './http';
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

/** `limit` / `offset` paging (spec 02 §7) seen as the numbered pages PagedTable draws. */
async function getWindow<T>(
  path: string,
  listKey: string,
  query: Record<string, string | number | boolean | undefined>,
  pageNumber: number,
  pageSize: number,
  signal: AbortSignal,
): Promise<Page<T>> {
  const answer = await api.get<Record<string, unknown>>(path, {
    query: { ...query, limit: pageSize, offset: (pageNumber - 1) * pageSize },
    signal,
  });
  const items = answer[listKey];
  const total = typeof answer.totalCount === 'number' ? answer.totalCount : 0;
  return { items: Array.isArray(items) ? (items as T[]) : [], pageCount: Math.ceil(total / pageSize) };
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
    queryFn: ({ signal }) =>
      getWindow<SignatureDocument>(
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
        signal,
      ),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'signature.errors.loadDocuments' },
  });
}

/** GET /agency-contract-quotations (signature view): the agency's quotes whose signature was started. */
export function useSignatureQuotationPage(filters: SignatureListFilters & { status?: SignatureQuotationStatus }) {
  return useQuery({
    queryKey: signatureKeys.quotations(filters),
    queryFn: ({ signal }) =>
      getWindow<SignatureQuotation>(
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
        signal,
      ),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'signature.errors.loadQuotations' },
  });
}

/** GET /signature-counts-by-agency: signatures per agency and month over the caller's scope. */
export function useSignatureCounts(query: { agencyId?: number; adherentId?: number; period: Period | null }) {
  return useQuery({
    queryKey: signatureKeys.counts(query),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ signatureCounts: SignatureCount[] }>('/signature-counts-by-agency', {
          query: { agencyId: query.agencyId, adherentId: query.adherentId, ...query.period },
          signal,
        })
      ).signatureCounts,
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
