import type { AgencyPrestation, GoodReasonsBlock, NetworkPrestation, NetworkPrestationBody } from '@reseau/contracts';
import { hasRichTextContent, MESSAGES } from '@reseau/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../../auth/principal.js';
import type { DbOrTx } from '../../db/client.js';
import type { agencyPrestations, networkPrestations } from '../../db/schema/index.js';
import { equipmentTypes, prestationColors, prestationTypes } from '../../db/schema/index.js';
import { checkRichTextImages, readableImageIds } from '../../kernel/files/rich-text-images.js';
import { errors } from '../../lib/errors.js';
import { sanitizeRichText } from '../../lib/rich-text.js';

export const toCents = (euros: number) => Math.round(euros * 100);
export const toEuros = (cents: number) => cents / 100;

type Fields = Omit<NetworkPrestationBody, 'isMandatory'>;

/**
 * What a prestation write stores: the texts sanitized, the images and the illustration checked
 * (the writer must be able to read them, fails closed), and the lookups known — an unknown id is
 * a field error, not a foreign-key failure.
 */
export async function preparePrestation(tx: DbOrTx, admin: AdminPrincipal, body: Fields) {
  const missing: Record<string, string[]> = {};
  const lookups = [
    ['equipmentTypeId', equipmentTypes, body.equipmentTypeId],
    ['prestationTypeId', prestationTypes, body.prestationTypeId],
    ['prestationColorId', prestationColors, body.prestationColorId],
  ] as const;
  for (const [field, table, id] of lookups) {
    const found = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
    if (found.length === 0) missing[field] = ['Valeur inconnue'];
  }
  if (Object.keys(missing).length > 0) throw errors.validation(missing);

  const details = sanitizeRichText(body.details);
  const argumentation = sanitizeRichText(body.argumentation);
  // A text that only held what the sanitizer drops (a script, an outside image) is empty once stored.
  const emptied: Record<string, string[]> = {};
  if (!hasRichTextContent(details)) emptied.details = [MESSAGES.required];
  if (!hasRichTextContent(argumentation)) emptied.argumentation = [MESSAGES.required];
  if (Object.keys(emptied).length > 0) throw errors.validation(emptied);
  const files = await checkRichTextImages(tx, admin, { details, argumentation });
  const illustration = body.goodReasonsBlock?.illustrationFileId ?? null;
  if (illustration !== null) {
    const readable = await readableImageIds(tx, admin, [illustration]);
    if (readable.length === 0) throw errors.validation({ 'goodReasonsBlock.illustrationFileId': [MESSAGES.fileNotFound] });
    if (!files.some((f) => f.fileId === illustration)) files.push({ fileId: illustration });
  }
  return {
    equipmentTypeId: body.equipmentTypeId,
    prestationTypeId: body.prestationTypeId,
    prestationColorId: body.prestationColorId,
    title: body.title,
    subtitle: body.subtitle,
    details,
    argumentation,
    isActive: body.isActive,
    goodReasonsBlock: body.goodReasonsBlock,
    files,
    updatedAt: sql`now()`,
  };
}

type NetworkRow = typeof networkPrestations.$inferSelect;
type AgencyRow = typeof agencyPrestations.$inferSelect;

const block = (value: GoodReasonsBlock | null): GoodReasonsBlock | null =>
  value === null
    ? null
    : {
        intro: value.intro,
        illustrationFileId: value.illustrationFileId,
        goodReasons: value.goodReasons.map(({ reason }) => ({ reason })),
      };

function common(row: NetworkRow | AgencyRow) {
  return {
    id: row.id,
    equipmentTypeId: row.equipmentTypeId,
    prestationTypeId: row.prestationTypeId,
    prestationColorId: row.prestationColorId,
    title: row.title,
    subtitle: row.subtitle,
    details: row.details,
    argumentation: row.argumentation,
    isActive: row.isActive,
    goodReasonsBlock: block(row.goodReasonsBlock),
  };
}

export type AgencySettings = { id: number; priceCents: number | null; isActive: boolean } | null;

export function presentNetwork(row: NetworkRow, settings: AgencySettings = null): NetworkPrestation {
  return {
    ...common(row),
    isMandatory: row.isMandatory,
    agencyNetworkPrestation:
      settings === null
        ? null
        : {
            id: settings.id,
            price: settings.priceCents === null ? null : toEuros(settings.priceCents),
            isActive: settings.isActive,
          },
  };
}

export function presentAgency(row: AgencyRow): AgencyPrestation {
  return { ...common(row), agencyId: row.agencyId, price: toEuros(row.priceCents) };
}
