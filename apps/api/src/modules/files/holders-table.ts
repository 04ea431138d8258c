import type { PermissionCode } from '@reseau/contracts';
import { type AnyColumn, and, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { agencyScope } from '../../auth/agency-scope.js';
import type { Principal } from '../../auth/principal.js';
import {
  admins,
  agencies,
  agencyContractDocuments,
  agencyContractInvoices,
  agencyContractQuotations,
  agencyContractServiceCalls,
  agencyContracts,
  agencyPageContents,
  agencyPrestations,
  clientAgencies,
  documentBaseItems,
  files,
  forumPosts,
  forumThreads,
  networkActualities,
  networkApplications,
  networkPrestations,
  signatureDocuments,
} from '../../db/schema/index.js';
import { readableItems } from '../document-bases/policy.js';
import { readableThreads } from '../forums/policy.js';
import { readableNews } from '../network-actualities/policy.js';
import { mayReadNetworkApplications } from '../network-applications/policy.js';

/** Staff read a customer's files only with the customers' permission (spec 00 §6), for the agency. */
export const CUSTOMER_FILES_PERMISSION: PermissionCode = 'contact_administration';

/** Who may read: a condition on the holder's row for this caller (`false`: nobody, `true`: anyone). */
type Readers = (caller: Principal | null) => SQL | boolean;

/**
 * One entity that keeps file ids (ARCHITECTURE.md: download rights follow the holding entity).
 * `fileTypeIds` says what its columns are meant to hold (upload types, spec 00); it documents the
 * table and is not checked on download. A holder that `decidesAlone` (a customer's documents)
 * overrules every other: the uploader of a file later put on a contract does not keep reading it.
 * The columns also keep their files alive: a file no entry holds is deleted a day after it was
 * made (unheld-sweep.ts), so a column missing here loses its files.
 */
export interface FileHolder {
  entity: string;
  table: PgTable;
  fileColumns: readonly AnyColumn[];
  /** jsonb columns holding a list of `{ fileId }`. */
  fileListColumns?: readonly AnyColumn[];
  fileTypeIds: readonly number[];
  readers: Readers;
  decidesAlone?: true;
}

const ofClientAgencies = (clientId: number) =>
  inArray(
    agencies.id,
    sql`(select ${clientAgencies.agencyId} from ${clientAgencies} where ${clientAgencies.clientId} = ${clientId})`,
  );

/** The contracts whose files this caller may read: its customer, or staff of its agency allowed to see customers. */
function readableContracts(caller: Principal | null): SQL | false {
  if (caller === null) return false;
  if (caller.kind === 'client') return eq(agencyContracts.clientId, caller.clientId);
  if (!caller.permissions.has(CUSTOMER_FILES_PERMISSION)) return false;
  return agencyScope(caller, agencyContracts.agencyId) ?? sql`true`;
}

const contractReaders =
  (contractIdColumn: AnyColumn): Readers =>
  (caller) => {
    const contracts = readableContracts(caller);
    if (contracts === false) return false;
    return inArray(contractIdColumn, sql`(select ${agencyContracts.id} from ${agencyContracts} where ${contracts})`);
  };

export const FILE_HOLDERS: readonly FileHolder[] = [
  {
    // Whoever uploaded a file may read it back (the form previews it before the entity is saved).
    entity: 'upload',
    table: files,
    fileColumns: [files.id],
    fileTypeIds: [],
    readers: (caller) =>
      caller === null
        ? false
        : caller.kind === 'admin'
          ? eq(files.uploadedByAdminId, caller.adminId)
          : eq(files.uploadedByClientId, caller.clientId),
  },
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
  {
    // Admin avatars show across the intranet (directory, forums): any admin.
    entity: 'adminAvatar',
    table: admins,
    fileColumns: [admins.avatarFileId],
    fileTypeIds: [1, 15],
    readers: (caller) => caller?.kind === 'admin',
  },
  {
    // News illustrations and attached files: staff who may read the news item (roles 5, 6 and 8
    // only the public ones); never a customer nor an anonymous caller.
    entity: 'networkActualityFiles',
    table: networkActualities,
    fileColumns: [],
    fileListColumns: [networkActualities.illustrationFiles, networkActualities.joinedFiles],
    fileTypeIds: [9, 10],
    readers: (caller) => (caller?.kind === 'admin' ? (readableNews(caller) ?? true) : false),
  },
  {
    // Application logos: whoever may read the directory (spec 02 §6); never a customer.
    entity: 'networkApplicationIllustration',
    table: networkApplications,
    fileColumns: [networkApplications.illustrationFileId],
    fileTypeIds: [11],
    readers: (caller) => caller?.kind === 'admin' && mayReadNetworkApplications(caller),
  },
  {
    // Document illustrations and files: staff who may read the document (its base by permission
    // and region; roles 5, 6 and 8 only public ones); never a customer nor an anonymous caller.
    entity: 'documentBaseItemFiles',
    table: documentBaseItems,
    fileColumns: [],
    fileListColumns: [documentBaseItems.illustrationFiles, documentBaseItems.joinedFiles],
    fileTypeIds: [7, 8],
    readers: (caller) => (caller?.kind === 'admin' ? readableItems(caller) : false),
  },
  {
    // Forum attachments (type 13): staff who may read the thread's forum (its permission code).
    entity: 'forumThreadFiles',
    table: forumThreads,
    fileColumns: [],
    fileListColumns: [forumThreads.joinedFiles],
    fileTypeIds: [13],
    readers: (caller) => (caller?.kind === 'admin' ? readableThreads(caller) : false),
  },
  {
    entity: 'forumPostFiles',
    table: forumPosts,
    fileColumns: [],
    fileListColumns: [forumPosts.joinedFiles],
    fileTypeIds: [13],
    readers: (caller) =>
      caller?.kind === 'admin'
        ? inArray(
            forumPosts.forumThreadId,
            sql`(select ${forumThreads.id} from ${forumThreads} where ${readableThreads(caller)})`,
          )
        : false,
  },
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
  {
    entity: 'contractQuotation',
    table: agencyContractQuotations,
    fileColumns: [agencyContractQuotations.fileId, agencyContractQuotations.envelopeFileId],
    fileTypeIds: [14, 19],
    readers: contractReaders(agencyContractQuotations.agencyContractId),
    decidesAlone: true,
  },
  {
    entity: 'contractInvoice',
    table: agencyContractInvoices,
    fileColumns: [agencyContractInvoices.fileId],
    fileTypeIds: [14],
    readers: contractReaders(agencyContractInvoices.agencyContractId),
    decidesAlone: true,
  },
  {
    entity: 'contractServiceCallVoucher',
    table: agencyContractServiceCalls,
    fileColumns: [agencyContractServiceCalls.voucherId],
    fileTypeIds: [14],
    readers: contractReaders(agencyContractServiceCalls.agencyContractId),
    decidesAlone: true,
  },
  {
    entity: 'contractDocument',
    table: agencyContractDocuments,
    fileColumns: [agencyContractDocuments.fileId],
    fileTypeIds: [14],
    readers: contractReaders(agencyContractDocuments.agencyContractId),
    decidesAlone: true,
  },
  {
    // A signed envelope (spec 02 §7): the holders of the signature permission for its agency.
    entity: 'signatureDocumentEnvelope',
    table: signatureDocuments,
    fileColumns: [signatureDocuments.envelopeFileId],
    fileTypeIds: [19],
    readers: (caller) =>
      caller?.kind === 'admin' && caller.permissions.has('signature_document_administration')
        ? (agencyScope(caller, signatureDocuments.agencyId) ?? true)
        : false,
  },
];

/** The holder's rows that hold this file. */
function holding(holder: FileHolder, fileId: number): SQL {
  return or(
    ...holder.fileColumns.map((column) => eq(column, fileId)),
    ...(holder.fileListColumns ?? []).map((column) => sql`${column} @> ${JSON.stringify([{ fileId }])}::jsonb`),
  ) as SQL;
}

/** Some row of the holder holds the file (and, with `readable`, this caller may read that row). */
function anyRow(holder: FileHolder, fileId: number, readers?: SQL | boolean): SQL {
  if (readers === false) return sql`false`;
  const where = readers === undefined || readers === true ? holding(holder, fileId) : and(holding(holder, fileId), readers);
  return exists(sql`(select 1 from ${holder.table} where ${where})`);
}

/**
 * Whether the caller may read the file, as one SQL boolean over every declared holder: the
 * holders that decide alone when one of them holds the file, otherwise any holder.
 */
export function mayReadFileCondition(caller: Principal | null, fileId: number): SQL {
  const alone = FILE_HOLDERS.filter((h) => h.decidesAlone);
  const others = FILE_HOLDERS.filter((h) => !h.decidesAlone);
  const readableBy = (list: readonly FileHolder[]) =>
    sql.join(
      list.map((h) => anyRow(h, fileId, h.readers(caller))),
      sql` or `,
    );
  const heldAlone = sql.join(
    alone.map((h) => anyRow(h, fileId)),
    sql` or `,
  );
  return sql`(case when (${heldAlone}) then (${readableBy(alone)}) else (${readableBy(others)}) end)`;
}
