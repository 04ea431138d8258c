import { DOCUMENT_BASE_ITEMS_PAGE_SIZE } from '@reseau/contracts/constants/document-bases';
import type {
  DocumentBase,
  DocumentBaseItem,
  DocumentBaseItemBody,
  DocumentBaseItemCategory,
  DocumentBaseItemType,
} from '@reseau/contracts/schemas/document-bases';
import { useQuery } from '@tanstack/react-query';
import { usePagedQuery } from '../lib/use-paged-query';
import { api, landingGet } from './http';
import { pageOf } from './pages';
import { queryClient } from './query-client';

export type { DocumentBase, DocumentBaseItem, DocumentBaseItemBody, DocumentBaseItemCategory, DocumentBaseItemType };

/** The list's query as the address and GET /document-base-items know it (spec 02 §7). */
export interface DocumentBaseItemFilters {
  documentBaseId: number;
  categoryId?: number;
  typeId?: number;
  search?: string;
  pageNumber: number;
}

export const documentBaseKeys = {
  all: ['document-bases'] as const,
  bases: ['document-bases', 'bases'] as const,
  categories: (documentBaseId: number) => ['document-bases', 'categories', documentBaseId] as const,
  types: (categoryId: number) => ['document-bases', 'types', categoryId] as const,
  list: (filters: DocumentBaseItemFilters) => ['document-bases', 'items', filters] as const,
  detail: (id: number) => ['document-bases', 'item', id] as const,
};

/** GET /document-bases: the bases the caller reads (the server decides). */
export function useDocumentBases() {
  return useQuery({
    queryKey: documentBaseKeys.bases,
    ...landingGet('/document-bases', undefined, (answer: { documentBases: DocumentBase[] }) => answer.documentBases),
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'documentBases.errors.loadBases' },
  });
}

/** GET /document-base-item-categories?documentBaseId */
export function useDocumentBaseItemCategories(documentBaseId: number, enabled = true) {
  return useQuery({
    queryKey: documentBaseKeys.categories(documentBaseId),
    queryFn: async () =>
      (
        await api.get<{ documentBaseItemCategories: DocumentBaseItemCategory[] }>('/document-base-item-categories', {
          query: { documentBaseId },
        })
      ).documentBaseItemCategories,
    enabled: enabled && documentBaseId > 0,
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'documentBases.errors.loadCategories' },
  });
}

/** GET /document-base-item-types?categoryId (none asked without a category). */
export function useDocumentBaseItemTypes(categoryId: number | null) {
  return useQuery({
    queryKey: documentBaseKeys.types(categoryId ?? 0),
    queryFn: async () =>
      (await api.get<{ documentBaseItemTypes: DocumentBaseItemType[] }>('/document-base-item-types', { query: { categoryId } }))
        .documentBaseItemTypes,
    enabled: categoryId !== null && categoryId > 0,
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'documentBases.errors.loadTypes' },
  });
}

/** The base's documents, 12 a page (spec 02 §9), the previous page kept while the next one loads. */
export function useDocumentBaseItemPage(filters: DocumentBaseItemFilters, enabled = true) {
  const query = { ...filters, pageSize: DOCUMENT_BASE_ITEMS_PAGE_SIZE };
  return usePagedQuery<DocumentBaseItem>({
    queryKey: documentBaseKeys.list(filters),
    ...pageOf('/document-base-items', 'documentBaseItems', query),
    errorMessage: 'documentBases.errors.loadItems',
    enabled,
  });
}

/** GET /document-base-items/{id} */
export function useDocumentBaseItem(id: number) {
  return useQuery({
    queryKey: documentBaseKeys.detail(id),
    queryFn: () => api.get<DocumentBaseItem>(`/document-base-items/${id}`),
    enabled: Number.isInteger(id) && id > 0,
    meta: { errorMessage: 'documentBases.errors.loadItem' },
  });
}

/** POST /document-base-items (no id) or PUT /document-base-items/{id}; files are already uploaded. Answers the id. */
export async function saveDocumentBaseItem(id: number | null, body: DocumentBaseItemBody): Promise<number> {
  let savedId = id;
  if (savedId === null) savedId = (await api.post<{ id: number }>('/document-base-items', body)).id;
  else await api.put(`/document-base-items/${savedId}`, body);
  await queryClient.invalidateQueries({ queryKey: documentBaseKeys.all });
  return savedId;
}

/** DELETE /document-base-items/{id} */
export function deleteDocumentBaseItem(id: number): Promise<unknown> {
  return api.delete(`/document-base-items/${id}`);
}
