import type { SignatureCount, SignatureCountsQuery } from '@reseau/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  adherents,
  agencies,
  agencyContractQuotations,
  agencyContracts,
  quotationSignatures,
  signatureDocuments,
} from '../../db/schema/index.js';
import type { StaffContext } from '../../lib/request-context.js';
import { parisYearMonth, periodCondition } from './period.js';
import { assertAgencyInScope, signatureScope } from './policy.js';

/**
 * GET /signature-counts-by-agency (spec 02 §3 "Signature count per agency"): per agency and
 * month (Paris time) of signing, the envelopes signed — the agency's signature documents and
 * its customers' quotes signed electronically (docs/decisions.md "Signature"). Over the caller's
 * scope: the network for roles 1–3, their agencies otherwise. Newest month first, then by
 * adherent and agency name.
 */
export async function countSignaturesByAgency({ db, caller: admin }: StaffContext, query: SignatureCountsQuery) {
  assertAgencyInScope(admin, query.agencyId);
  const signedDocuments = db
    .select({ agencyId: signatureDocuments.agencyId, signedAt: sql<Date>`${signatureDocuments.signedAt}`.as('signed_at') })
    .from(signatureDocuments)
    .where(
      and(
        eq(signatureDocuments.status, 'signed'),
        ...periodCondition(signatureDocuments.signedAt, query.startDateIncluded, query.endDateExcluded),
      ),
    );
  const signedQuotations = db
    .select({ agencyId: agencyContracts.agencyId, signedAt: sql<Date>`${quotationSignatures.signedAt}`.as('signed_at') })
    .from(quotationSignatures)
    .innerJoin(agencyContractQuotations, eq(agencyContractQuotations.id, quotationSignatures.quotationId))
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractQuotations.agencyContractId))
    .where(
      and(
        eq(quotationSignatures.status, 'signed'),
        ...periodCondition(quotationSignatures.signedAt, query.startDateIncluded, query.endDateExcluded),
      ),
    );
  const signed = signedDocuments.unionAll(signedQuotations).as('signed');
  const yearMonth = parisYearMonth(sql`${signed.signedAt}`);
  const conditions: (SQL | undefined)[] = [
    signatureScope(admin, agencies.id),
    query.agencyId === undefined ? undefined : eq(agencies.id, query.agencyId),
    query.adherentId === undefined ? undefined : eq(agencies.adherentId, query.adherentId),
  ];
  const rows = await db
    .select({
      adherentId: adherents.id,
      adherentName: adherents.name,
      agencyName: agencies.name,
      agencyId: agencies.id,
      yearMonth,
      signatureCount: sql<number>`cast(count(*) as integer)`,
    })
    .from(signed)
    .innerJoin(agencies, eq(agencies.id, signed.agencyId))
    .innerJoin(adherents, eq(adherents.id, agencies.adherentId))
    .where(and(...conditions))
    .groupBy(adherents.id, adherents.name, agencies.name, agencies.id, yearMonth)
    .orderBy(sql`5 desc`, adherents.name, agencies.name);
  const signatureCounts: SignatureCount[] = rows.map((r) => ({
    ...r,
    yearMonth: Number(r.yearMonth),
    signatureCount: Number(r.signatureCount),
  }));
  return { signatureCounts };
}
