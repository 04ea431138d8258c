import { networkApplications } from '../../db/schema/index.js';
import type { FileHolder } from '../../kernel/files/holders.js';
import { mayReadNetworkApplications } from './policy.js';

/** Application logos: whoever may read the directory (spec 02 §6); never a customer. */
export const networkApplicationFileHolders: readonly FileHolder[] = [
  {
    entity: 'networkApplicationIllustration',
    table: networkApplications,
    fileColumns: [networkApplications.illustrationFileId],
    fileTypeIds: [11],
    readers: (caller) => caller?.kind === 'admin' && mayReadNetworkApplications(caller),
  },
];
