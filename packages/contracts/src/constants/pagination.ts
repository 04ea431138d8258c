/** Paged lists (`pageNumber` from 1, `pageSize`): the default page size and the largest one asked. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
