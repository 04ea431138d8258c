import { agencyPrestations, networkPrestations } from '../../db/schema/index.js';
import type { FileHolder } from '../../kernel/files/holders.js';

/** The files of the network's and the agencies' prestations. */
export const prestationFileHolders: readonly FileHolder[] = [
  {
    // Images of the prestation texts and good-reasons illustrations: staff only (the catalogue).
    entity: 'prestationFiles',
    table: networkPrestations,
    fileColumns: [],
    fileListColumns: [networkPrestations.files],
    fileTypeIds: [],
    readers: (caller) => caller?.kind === 'admin',
  },
  {
    entity: 'agencyPrestationFiles',
    table: agencyPrestations,
    fileColumns: [],
    fileListColumns: [agencyPrestations.files],
    fileTypeIds: [],
    readers: (caller) => caller?.kind === 'admin',
  },
];
