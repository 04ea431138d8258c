import { z } from 'zod';

/**
 * The member directory (spec 02 §2, §3 "Directory entry", §7): only the fields a directory card
 * shows, never those of the administration screens.
 */

/** GET /agency-adherent-admins: one entry per adherent admin and agency they work for. */
export const agencyAdherentAdmin = z.object({
  adminId: z.number().int(),
  agencyId: z.number().int(),
  agencyName: z.string(),
  regionId: z.number().int(),
  region: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  position: z.string().nullable(),
  phone: z.string().nullable(),
  emailAddress: z.string(),
  avatarFileId: z.number().int().nullable(),
  address1: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
});
export type AgencyAdherentAdmin = z.infer<typeof agencyAdherentAdmin>;
export const agencyAdherentAdminList = z.object({ agencyAdherentAdmins: z.array(agencyAdherentAdmin) });
export type AgencyAdherentAdminList = z.infer<typeof agencyAdherentAdminList>;

/** GET /network-admins?isForDirectory=true: the network heads as the directory shows them. */
export const directoryNetworkAdmin = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  position: z.string().nullable(),
  phone: z.string().nullable(),
  emailAddress: z.string(),
  avatarFileId: z.number().int().nullable(),
  regionId: z.number().int().nullable(),
  region: z.string().nullable(),
});
export type DirectoryNetworkAdmin = z.infer<typeof directoryNetworkAdmin>;
export const directoryNetworkAdminList = z.object({
  networkAdmins: z.array(directoryNetworkAdmin),
  pageCount: z.number().int(),
});
export type DirectoryNetworkAdminList = z.infer<typeof directoryNetworkAdminList>;
