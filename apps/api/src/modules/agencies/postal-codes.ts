import { NOT_FOUND_SUBJECTS, POSTAL_CODE_CSV_MESSAGES } from '@reseau/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { agencyScope } from '../../auth/agency-scope.js';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import { agencies, agencyPostalCodes } from '../../db/schema/index.js';
import { audit, auditActor } from '../../kernel/audit.js';
import { errors } from '../../lib/errors.js';
import type { StaffContext } from '../../lib/request-context.js';

const POSTAL_CODE = /^\d{5}$/;
/** A first line that names the column rather than giving a code. */
const HEADER = /^[^\d]*$/;

/**
 * The codes of a postal-code file: one per line, the first cell of the line (`;` or `,`
 * separated, quotes allowed), blank lines skipped, an optional header line. Every bad line is
 * reported with its number (1-based, as a spreadsheet shows it), so that the whole file is
 * corrected at once; a file with any bad line saves nothing.
 */
export function parsePostalCodeCsv(text: string): { postalCodes: string[]; errors: string[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const codes = new Set<string>();
  const bad: string[] = [];
  lines.forEach((line, index) => {
    const cell = (line.split(/[;,]/)[0] ?? '')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (cell === '') return;
    if (index === 0 && HEADER.test(cell)) return;
    if (POSTAL_CODE.test(cell)) codes.add(cell);
    else bad.push(POSTAL_CODE_CSV_MESSAGES.invalidLine(index + 1));
  });
  return { postalCodes: [...codes].sort(), errors: bad };
}

/** The agency, when the caller may manage its postal codes (their own adherent's agencies only). */
async function assertManagedAgency(db: DbOrTx, admin: AdminPrincipal, agencyId: number) {
  const [row] = await db
    .select({ id: agencies.id })
    .from(agencies)
    .where(and(eq(agencies.id, agencyId), agencyScope(admin, agencies.id, agencies.adherentId)));
  if (!row) throw errors.notFound(NOT_FOUND_SUBJECTS.agency);
}

/** GET /agencies/{id}/export-postal-codes: the set as a CSV file, the same shape the import reads. */
export async function exportPostalCodes({ db, caller: admin, ip }: StaffContext, agencyId: number): Promise<string> {
  await assertManagedAgency(db, admin, agencyId);
  const rows = await db
    .selectDistinct({ postalCode: agencyPostalCodes.postalCode })
    .from(agencyPostalCodes)
    .where(eq(agencyPostalCodes.agencyId, agencyId))
    .orderBy(asc(agencyPostalCodes.postalCode));
  // Every CSV export is in the audit log (issue 27 §4).
  await audit(db, {
    action: 'agency.postal_codes_exported',
    ...auditActor(admin),
    entity: 'agency',
    entityId: agencyId,
    details: { count: rows.length },
    ip,
  });
  return ['codePostal', ...rows.map((r) => r.postalCode)].join('\r\n').concat('\r\n');
}

/** POST /agencies/{id}/import-postal-codes: replaces the whole set in one transaction. */
export async function importPostalCodes(
  { db, caller: admin, ip }: StaffContext,
  agencyId: number,
  csv: string,
): Promise<{ postalCodes: string[] }> {
  await assertManagedAgency(db, admin, agencyId);
  const parsed = parsePostalCodeCsv(csv);
  if (parsed.errors.length > 0) throw errors.validation({ file: parsed.errors });
  if (parsed.postalCodes.length === 0) throw errors.validation({ file: [POSTAL_CODE_CSV_MESSAGES.empty] });
  await db.transaction(async (tx) => {
    // Lock the agency row so that two imports of the same agency apply one after the other.
    await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agencyId)).for('update');
    await tx.delete(agencyPostalCodes).where(eq(agencyPostalCodes.agencyId, agencyId));
    await tx.insert(agencyPostalCodes).values(parsed.postalCodes.map((postalCode) => ({ agencyId, postalCode })));
    await audit(tx, {
      action: 'agency.postal_codes_imported',
      actorAdminId: admin.impersonatedBy ?? admin.adminId,
      impersonatedAdminId: admin.impersonatedBy ? admin.adminId : null,
      entity: 'agency',
      entityId: agencyId,
      details: { count: parsed.postalCodes.length },
      ip,
    });
  });
  return { postalCodes: parsed.postalCodes };
}
