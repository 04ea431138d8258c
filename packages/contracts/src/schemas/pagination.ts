import { z } from 'zod';

export const pageQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
/** Query booleans arrive as text. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');
