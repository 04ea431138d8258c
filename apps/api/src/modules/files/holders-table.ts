import type { PermissionCode } from '@reseau/contracts';
import { type AnyColumn, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { agencyScope } from '../../auth/agency-scope.js';
import type { Principal } from '../../auth/principal.js';
import {
  admins,
  agencyContractDocuments,
  agencyContractInvoices,
  agencyContractQuotations,
  agencyContractServiceCalls,
  agencyContracts,
  files,
  signatureDocuments,
} from '../../db/schema/index.js';
import type { FileHolder, FileReaders } from '../../kernel/files/holders.js';
import { agencyFileHolders } from '../agencies/file-holders.js';
import { agencyPageContentFileHolders } from '../agency-page-contents/file-holders.js';
import { documentBaseFileHolders } from '../document-bases/file-holders.js';
import { forumFileHolders } from '../forums/file-holders.js';
import { networkActualityFileHolders } from '../network-actualities/file-holders.js';
import { networkApplicationFileHolders } from '../network-applications/file-holders.js';
import { prestationFileHolders } from '../prestations/file-holders.js';

/** Staff read a customer's files only with the customers' permission (spec 00 §6), for the agency. */
export const CUSTOMER_FILES_PERMISSION: PermissionCode = 'contact_administration';

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

/** The agency of a contract's row, kept with the audit entry of a staff download (issue 27 §4). */
const contractAgency = (contractIdColumn: AnyColumn) =>
  sql`(select ${agencyContracts.agencyId} from ${agencyContracts} where ${agencyContracts.id} = ${contractIdColumn})`;

/**
 * Every entity that keeps file ids (kernel/files/holders.ts): the holders each domain declares in
 * its `file-holders.ts`, beside its policy, and the rows the files module rules itself: uploads,
 * admins' avatars (written by three modules), and the contracts' and signature documents' files,
 * whose rules test a permission (a policy table, auth/policy-boundary.test.ts).
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
    // Admin avatars show across the intranet (directory, forums): any admin.
    entity: 'adminAvatar',
    table: admins,
    fileColumns: [admins.avatarFileId],
    fileTypeIds: [1, 15],
    readers: (caller) => caller?.kind === 'admin',
  },
  {
    entity: 'contractQuotation',
    table: agencyContractQuotations,
    fileColumns: [agencyContractQuotations.fileId, agencyContractQuotations.envelopeFileId],
    fileTypeIds: [14, 19],
    readers: contractReaders(agencyContractQuotations.agencyContractId),
    decidesAlone: true,
    auditStaffReads: true,
    auditAgency: contractAgency(agencyContractQuotations.agencyContractId),
  },
  {
    entity: 'contractInvoice',
    table: agencyContractInvoices,
    fileColumns: [agencyContractInvoices.fileId],
    fileTypeIds: [14],
    readers: contractReaders(agencyContractInvoices.agencyContractId),
    decidesAlone: true,
    auditStaffReads: true,
    auditAgency: contractAgency(agencyContractInvoices.agencyContractId),
  },
  {
    entity: 'contractServiceCallVoucher',
    table: agencyContractServiceCalls,
    fileColumns: [agencyContractServiceCalls.voucherId],
    fileTypeIds: [14],
    readers: contractReaders(agencyContractServiceCalls.agencyContractId),
    decidesAlone: true,
    auditStaffReads: true,
    auditAgency: contractAgency(agencyContractServiceCalls.agencyContractId),
  },
  {
    entity: 'contractDocument',
    table: agencyContractDocuments,
    fileColumns: [agencyContractDocuments.fileId],
    fileTypeIds: [14],
    readers: contractReaders(agencyContractDocuments.agencyContractId),
    decidesAlone: true,
    auditStaffReads: true,
    auditAgency: contractAgency(agencyContractDocuments.agencyContractId),
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
    auditStaffReads: true,
    auditAgency: signatureDocuments.agencyId,
  },
  ...agencyFileHolders,
  ...prestationFileHolders,
  ...agencyPageContentFileHolders,
  ...networkActualityFileHolders,
  ...networkApplicationFileHolders,
  ...documentBaseFileHolders,
  ...forumFileHolders,
];
