import { eq } from 'drizzle-orm';
import { agencyPageContents } from '../../db/schema/index.js';
import type { FileHolder } from '../../kernel/files/holders.js';

/** The files of an agency's page contents. */
export const agencyPageContentFileHolders: readonly FileHolder[] = [
  {
    // Agency page contents show on the agencies' public pages: their illustration and text images
    // are readable by anyone while the content is active, by any admin always.
    entity: 'agencyPageContent',
    table: agencyPageContents,
    fileColumns: [agencyPageContents.illustrationFileId],
    fileListColumns: [agencyPageContents.contentImages],
    fileTypeIds: [6],
    readers: (caller) => caller?.kind === 'admin' || eq(agencyPageContents.isActive, true),
  },
];
