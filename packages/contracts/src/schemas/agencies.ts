import { z } from 'zod';
import { queryBoolean } from './pagination.js';

export const agencyListQuery = z.object({
  adherentId: z.coerce.number().int().positive().optional(),
  adminId: z.coerce.number().int().positive().optional(),
  isActive: queryBoolean.optional(),
});

export const phoneEntry = z.object({ phone: z.string(), label: z.string() });
export const emailEntry = z.object({ emailAddress: z.string(), label: z.string() });
export const socialLinkEntry = z.object({ socialLinkLabelId: z.number().int(), link: z.string() });

/** What the shells show of an agency: the header selector and the extranet chooser. */
export const agencySummary = z.object({
  id: z.number().int(),
  name: z.string(),
  adherentId: z.number().int(),
  adminId: z.number().int().nullable(),
  isActive: z.boolean(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  logoFileId: z.number().int().nullable(),
  logoFilePath: z.string().nullable(),
});
export type AgencySummary = z.infer<typeof agencySummary>;
export const agencyList = z.object({ agencies: z.array(agencySummary) });

export const agencyInfos = z.object({
  name: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  openingHours: z.string().nullable(),
  phones: z.array(phoneEntry),
  emails: z.array(emailEntry),
  socialLinks: z.array(socialLinkEntry),
  sirenNumber: z.string().nullable(),
  legalOfficer: z.string().nullable(),
  businessName: z.string().nullable(),
  generalTermsFileId: z.number().int().nullable(),
});
export type AgencyInfos = z.infer<typeof agencyInfos>;

export const agencyDetail = agencySummary.extend({
  description: z.string().nullable(),
  descriptionIntervention: z.string().nullable(),
  extranetAdvertisementFileId: z.number().int().nullable(),
  extranetAdvertisementFilePath: z.string().nullable(),
  infos: agencyInfos,
});
export type AgencyDetail = z.infer<typeof agencyDetail>;
