import type { SignatureQuotation, SignatureQuotationListQuery } from '@reseau/contracts';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { agencies, agencyContractQuotations, agencyContracts, clients, quotationSignatures } from '../../db/schema/index.js';
import { likePattern } from '../../lib/like-pattern.js';
import type { StaffContext } from '../../lib/request-context.js';
import { periodCondition } from './period.js';
import { assertAgencyInScope, signatureScope } from './policy.js';

/** Per quote: when its signature was first started, and when it was signed (if it was). */
const signatures = (db: DbOrTx) =>
  db
    .select({
      quotationId: quotationSignatures.quotationId,
      initiatedAt: sql<Date>`min(${quotationSignatures.createdAt})`.as('initiated_at'),
      signatureTime:
        sql<Date | null>`max(${quotationSignatures.signedAt}) filter (where ${quotationSignatures.status} = 'signed')`.as(
          'signature_time',
        ),
    })
    .from(quotationSignatures)
    .groupBy(quotationSignatures.quotationId)
    .as('quotation_signature_times');

/**
 * GET /agency-contract-quotations, the staff's view (spec 02 §3 "Agency contract quotation
 * (signature view)"): the caller's agencies' quotes, signed (a signatureTime) or to sign.
 * `hasSignatureInitiated` keeps those whose electronic signature was started (or not); the
 * period applies to the signature time, or to the start of the signature when not signed yet.
 */
export async function listSignatureQuotations({ db, caller: admin }: StaffContext, query: SignatureQuotationListQuery) {
  assertAgencyInScope(admin, query.agencyId);
  const s = signatures(db);
  const search = query.search ? likePattern(query.search) : null;
  const fullName = sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`;
  const conditions: (SQL | undefined)[] = [
    signatureScope(admin, agencyContracts.agencyId),
    query.agencyId === undefined ? undefined : eq(agencyContracts.agencyId, query.agencyId),
    query.hasSignatureInitiated === undefined
      ? undefined
      : query.hasSignatureInitiated
        ? isNotNull(s.quotationId)
        : isNull(s.quotationId),
    query.status === undefined ? undefined : query.status === 'signed' ? isNotNull(s.signatureTime) : isNull(s.signatureTime),
    search
      ? or(
          ilike(agencyContractQuotations.number, search),
          ilike(fullName, search),
          ilike(sql`${clients.lastName} || ' ' || ${clients.firstName}`, search),
        )
      : undefined,
    ...periodCondition(
      sql`coalesce(${s.signatureTime}, ${s.initiatedAt})`,
      query.startSignatureDateIncluded,
      query.endSignatureDateExcluded,
    ),
  ];
  const where = and(...conditions);
  const base = () =>
    db
      .select({ n: count() })
      .from(agencyContractQuotations)
      .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractQuotations.agencyContractId))
      .innerJoin(clients, eq(clients.id, agencyContracts.clientId))
      .leftJoin(s, eq(s.quotationId, agencyContractQuotations.id))
      .where(where);
  const rows = await db
    .select({
      id: agencyContractQuotations.id,
      number: agencyContractQuotations.number,
      agencyContractFullName: fullName,
      agencyId: agencyContracts.agencyId,
      agencyName: agencies.name,
      signatureTime: s.signatureTime,
      initiatedAt: s.initiatedAt,
      envelopeFileId: agencyContractQuotations.envelopeFileId,
    })
    .from(agencyContractQuotations)
    .innerJoin(agencyContracts, eq(agencyContracts.id, agencyContractQuotations.agencyContractId))
    .innerJoin(clients, eq(clients.id, agencyContracts.clientId))
    .innerJoin(agencies, eq(agencies.id, agencyContracts.agencyId))
    .leftJoin(s, eq(s.quotationId, agencyContractQuotations.id))
    .where(where)
    .orderBy(
      desc(sql`coalesce(${s.signatureTime}, ${s.initiatedAt}, ${agencyContractQuotations.createdAt})`),
      desc(agencyContractQuotations.id),
    )
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await base();
  const agencyContractQuotationsPage: SignatureQuotation[] = rows.map((row) => {
    const signatureTime = row.signatureTime ? new Date(row.signatureTime) : null;
    return {
      id: row.id,
      number: row.number,
      agencyContractFullName: row.agencyContractFullName,
      agencyId: row.agencyId,
      agencyName: row.agencyName,
      status: signatureTime ? 'signed' : 'ongoing',
      signatureTime: signatureTime?.toISOString() ?? null,
      envelopeFileId: row.envelopeFileId,
    };
  });
  return { agencyContractQuotations: agencyContractQuotationsPage, totalCount: total?.n ?? 0 };
}
