import { networkActualities } from '../../db/schema/index.js';
import type { FileHolder } from '../../kernel/files/holders.js';
import { readableNews } from './policy.js';

/**
 * News illustrations and attached files: staff who may read the news item (roles 5, 6 and 8
 * only the public ones); never a customer nor an anonymous caller.
 */
export const networkActualityFileHolders: readonly FileHolder[] = [
  {
    entity: 'networkActualityFiles',
    table: networkActualities,
    fileColumns: [],
    fileListColumns: [networkActualities.illustrationFiles, networkActualities.joinedFiles],
    fileTypeIds: [9, 10],
    readers: (caller) => (caller?.kind === 'admin' ? (readableNews(caller) ?? true) : false),
  },
];
