import { inArray, sql } from 'drizzle-orm';
import { agencies, clientAgencies } from '../../db/schema/index.js';
import type { FileHolder } from '../../kernel/files/holders.js';

const ofClientAgencies = (clientId: number) =>
  inArray(
    agencies.id,
    sql`(select ${clientAgencies.agencyId} from ${clientAgencies} where ${clientAgencies.clientId} = ${clientId})`,
  );

/** The files an agency's row holds: its pictures and its general terms. */
export const agencyFileHolders: readonly FileHolder[] = [
  {
    // An agency's pictures: public to an anonymous caller (its public page, a plain <img> sends no
    // token); signed in, any admin and the customers of that agency.
    entity: 'agencyPictures',
    table: agencies,
    fileColumns: [
      agencies.logoFileId,
      agencies.illustrationFileId,
      agencies.extranetAdvertisementFileId,
      agencies.pageIllustrationFileId,
      agencies.publicAdvertisementFileId,
    ],
    fileListColumns: [agencies.pageLogosFiles, agencies.pageDescriptionImages],
    fileTypeIds: [2, 3, 4, 5, 17, 18],
    readers: (caller) => caller === null || caller.kind === 'admin' || ofClientAgencies(caller.clientId),
  },
  {
    // An agency's general terms: any admin and the customers of that agency; never anonymous.
    entity: 'agencyGeneralTerms',
    table: agencies,
    fileColumns: [agencies.generalTermsFileId],
    fileTypeIds: [16],
    readers: (caller) => caller !== null && (caller.kind === 'admin' || ofClientAgencies(caller.clientId)),
  },
];
