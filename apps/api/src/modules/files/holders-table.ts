import type { PermissionCode } from '@reseau/contracts';
import { type AnyColumn, eq, inArray, type SQL, sql } from 'drizzle-orm';
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
  files,
  networkPrestations,
  signatureDocuments,
} from '../../db/schema/index.js';
import type { FileHolder, FileReaders } from '../../kernel/files/holders.js';
import { documentBaseFileHolders } from '../document-bases/file-holders.js';
import { forumFileHolders } from '../forums/file-holders.js';
import { networkActualityFileHolders } from '../network-actualities/file-holders.js';
import { networkApplicationFileHolders } from '../network-applications/file-holders.js';

/** Staff read a customer's files only with the customers' permission (spec 00 §6), for the agency. */
export const CUSTOMER_FILES_PERMISSION: PermissionCode = 'contact_administration';

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
  (contractIdColumn: AnyColumn): FileReaders =>
  (caller) => {
    const contracts = readableContracts(caller);
    if (contracts === false) return false;
    return inArray(contractIdColumn, sql`(select ${agencyContracts.id} from ${agencyContracts} where ${contracts})`);
  };

/**
 * Every entity that keeps file ids (kernel/files/holders.ts): the rows the files module knows
 * itself (uploads, agencies, admins, contracts, prestations, page contents, signature documents)
 * and the holders the domains with a read rule of their own declare beside their policy.
 * app.ts registers this list with the kernel; the unheld-file sweep keeps every file it holds.
 */
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
  ...networkActualityFileHolders,
  ...networkApplicationFileHolders,
  ...documentBaseFileHolders,
  ...forumFileHolders,
];
