import { z } from 'zod';

/**
 * GET /adherents. Only the map list (`isForMap=true`) exists for now; the paged administration
 * list (search, region, 100 a page) comes with the administration area.
 */
export const adherentListQuery = z.object({
  isForMap: z.literal('true', { error: 'Seule la liste de la carte (isForMap=true) est disponible.' }),
});

/** An agency as the map shows it: a marker at its coordinates with a card. */
export const mapAgency = z.object({
  id: z.number().int(),
  name: z.string(),
  address1: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type MapAgency = z.infer<typeof mapAgency>;

/** The one adherent admin shown on the map for an adherent (spec 00 §5). */
export const mapAdherentAdmin = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  position: z.string().nullable(),
  phone: z.string().nullable(),
  emailAddress: z.string(),
});
export type MapAdherentAdmin = z.infer<typeof mapAdherentAdmin>;

export const mapAdherent = z.object({
  id: z.number().int(),
  name: z.string(),
  regionId: z.number().int(),
  admin: mapAdherentAdmin.nullable(),
  agencies: z.array(mapAgency),
});
export type MapAdherent = z.infer<typeof mapAdherent>;
export const mapAdherentList = z.object({ adherents: z.array(mapAdherent) });
export type MapAdherentList = z.infer<typeof mapAdherentList>;
