import { z } from 'zod';
import { ADHERENT_NAME_MAX, ADHERENT_SEARCH_MAX, ADHERENTS_PAGE_SIZE } from '../constants/adherents.js';
import { MESSAGES } from '../constants/messages.js';
import { idParam as id, idParams, pageFields, pickedId, pickedIdText, queryBoolean } from './primitives.js';

export const adherentParams = idParams;

/**
 * GET /adherents. `isForMap=true` answers every adherent for the map (`mapAdherentList`); without
 * it, the administration list: name contains `search` (case-insensitive), `regionId`, alphabetical,
 * 100 a page (spec 01 §2, §9).
 */
export const adherentListQuery = z.object({
  isForMap: queryBoolean.optional(),
  search: z.string().trim().max(ADHERENT_SEARCH_MAX).optional(),
  regionId: id.optional(),
  ...pageFields(ADHERENTS_PAGE_SIZE),
});
export type AdherentListQuery = z.infer<typeof adherentListQuery>;

export const region = z.object({ id: z.number().int(), name: z.string() });
export type Region = z.infer<typeof region>;
export const regionList = z.object({ regions: z.array(region) });
export type RegionList = z.infer<typeof regionList>;

/** POST /adherents and PUT /adherents/{id}: name and region required (spec 01 §5). */
export const adherentBody = z.object({
  name: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(ADHERENT_NAME_MAX, MESSAGES.tooLong),
  regionId: pickedId,
});
export type AdherentBody = z.infer<typeof adherentBody>;
/** The screen holds the region as the select's text. */
export const adherentForm = adherentBody.extend({
  regionId: pickedIdText,
});

export const adherent = z.object({
  id: z.number().int(),
  name: z.string(),
  regionId: z.number().int(),
  region: region,
  isActive: z.boolean(),
});
export type Adherent = z.infer<typeof adherent>;
export const adherentPage = z.object({ adherents: z.array(adherent), pageCount: z.number().int() });
export type AdherentPage = z.infer<typeof adherentPage>;

/**
 * GET /all-agency-adherents: every adherent the caller may see, alphabetical, with its agencies
 * (id, name, isActive): the choosers of the agency and user forms (no paging).
 */
export const agencyAdherent = z.object({
  id: z.number().int(),
  name: z.string(),
  regionId: z.number().int(),
  agencies: z.array(z.object({ id: z.number().int(), name: z.string(), isActive: z.boolean() })),
});
export type AgencyAdherent = z.infer<typeof agencyAdherent>;
export const agencyAdherentList = z.object({ adherents: z.array(agencyAdherent) });
/**
 * Its query (spec 00 §7: "orderByAsc true plus filters"): by name, A to Z unless `orderByAsc` is
 * false; filtered by region, by a part of the name, and to adherents with an active agency.
 */
export const agencyAdherentListQuery = z.object({
  orderByAsc: queryBoolean.default(true),
  regionId: id.optional(),
  search: z.string().trim().max(ADHERENT_SEARCH_MAX).optional(),
  hasActiveAgency: queryBoolean.optional(),
});
export type AgencyAdherentListQuery = z.infer<typeof agencyAdherentListQuery>;

/**
 * An agency as the map shows it: a marker at its coordinates with a card, and the values the
 * directory map filters on (spec 02 §2: activities, job, employee count, sales figure, entry year).
 */
export const mapAgency = z.object({
  id: z.number().int(),
  name: z.string(),
  address1: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  activities: z.array(z.string()),
  jobType: z.string().nullable(),
  employeeAmount: z.number().int().nullable(),
  salesFigures: z.number().int().nullable(),
  enteredNetworkAt: z.number().int().nullable(),
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
  avatarFileId: z.number().int().nullable(),
});
export type MapAdherentAdmin = z.infer<typeof mapAdherentAdmin>;

export const mapAdherent = z.object({
  id: z.number().int(),
  name: z.string(),
  regionId: z.number().int(),
  admin: mapAdherentAdmin.nullable(),
  /** The cooperative roles of its adherent admins in the directory (the map's role filter). */
  cooperativeRoles: z.array(z.string()),
  agencies: z.array(mapAgency),
});
export type MapAdherent = z.infer<typeof mapAdherent>;
export const mapAdherentList = z.object({ adherents: z.array(mapAdherent) });
export type MapAdherentList = z.infer<typeof mapAdherentList>;
