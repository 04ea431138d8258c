import { z } from 'zod';
import { MESSAGES } from '../constants/messages.js';
import { DEFAULT_PAGE_SIZE, MAX_ID, MAX_PAGE_NUMBER, MAX_PAGE_SIZE } from '../constants/pagination.js';

/**
 * The small schemas every domain uses: ids, the page query and query booleans. Define them here
 * once; a contract file never writes its own `z.coerce.number().int().positive()`.
 */

/** An id read from the address (a path parameter or a query value, text turned into a number). */
export const idParam = z.coerce.number().int().positive().max(MAX_ID);

/** `{ id }`: the path parameters of `/things/{id}`. */
export const idParams = z.object({ id: idParam });

/** An id in a JSON body that a form fills: missing, it says "Veuillez remplir ce champ". */
export const bodyId = z.number({ error: MESSAGES.required }).int().positive().max(MAX_ID);

/** An id in a JSON body that no form field holds (a file id in a list, an id the screen sends itself). */
export const refId = z.number().int().positive().max(MAX_ID);

/** An id picked in a select (a role, a region): every wrong value says "Veuillez remplir ce champ". */
export const pickedId = z.number({ error: MESSAGES.required }).int(MESSAGES.required).positive(MESSAGES.required).max(MAX_ID);

/** The same id as a form's select holds it (text). */
export const pickedIdText = z.coerce
  .number({ error: MESSAGES.required })
  .int(MESSAGES.required)
  .positive(MESSAGES.required)
  .max(MAX_ID);

/** A `:reorder` call's `newPreceding…Id`: the id the moved row goes after, 0 to put it first. */
export const precedingId = z.number({ error: MESSAGES.required }).int().min(0).max(MAX_ID);

/**
 * `pageNumber` (from 1) and `pageSize` (default `defaultSize`, at most `maxSize`): the paging of a
 * list (ARCHITECTURE.md "API rules"). Spread it in a list's query, or use `pageQuery` as it is.
 */
export const pageFields = (defaultSize: number = DEFAULT_PAGE_SIZE, maxSize: number = MAX_PAGE_SIZE) => ({
  pageNumber: z.coerce.number().int().min(1).max(MAX_PAGE_NUMBER).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
});

/** A list's query with nothing but the page (20 rows unless asked). */
export const pageQuery = z.object(pageFields());

/** Query booleans arrive as text. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');
