import { documentBaseItems } from '../../db/schema/index.js';
import type { FileHolder } from '../../kernel/files/holders.js';
import { readableItems } from './policy.js';

/**
 * Document illustrations and files: staff who may read the document (its base by permission
 * and region; roles 5, 6 and 8 only public ones); never a customer nor an anonymous caller.
 */
export const documentBaseFileHolders: readonly FileHolder[] = [
  {
    entity: 'documentBaseItemFiles',
    table: documentBaseItems,
    fileColumns: [],
    fileListColumns: [documentBaseItems.illustrationFiles, documentBaseItems.joinedFiles],
    fileTypeIds: [7, 8],
    readers: (caller) => (caller?.kind === 'admin' ? readableItems(caller) : false),
  },
];
