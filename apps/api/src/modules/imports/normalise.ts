import { createHash } from 'node:crypto';
import {
  IMPORT_ITEM_SCHEMAS,
  IMPORT_ITEM_TYPES,
  IMPORT_MESSAGES,
  type ImportItem,
  type ImportItemType,
  MESSAGES,
} from '@reseau/contracts';

/** An item that passed its type's schema, with its position in the batch and the hash of its content. */
export interface ValidItem {
  index: number;
  item: ImportItem;
  hash: string;
}

/** An item refused before any write: per field, French messages. */
export interface InvalidItem {
  index: number;
  externalRef: string | null;
  errors: Record<string, string[]>;
}

const isImportType = (v: unknown): v is ImportItemType => IMPORT_ITEM_TYPES.includes(v as ImportItemType);

/** JSON with keys in a fixed order, so that the same content always hashes the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The hash compared with the one stored for the reference: taken on the item as its schema
 * normalises it (trimmed texts, lower-case emails, phones in one format, absent = null), so that
 * a resend that differs only in form answers `unchanged`.
 */
export const contentHash = (item: ImportItem) => {
  // `invite` asks for a mail and `isNewCustomer` says how to treat an erased customer's reference
  // (RGPD issue 28 §2): neither is the customer's data, asking again changes nothing.
  const { invite: _invite, isNewCustomer: _isNew, ...data } = item as ImportItem & { invite?: boolean; isNewCustomer?: boolean };
  return createHash('sha256').update(stableJson(data)).digest('base64url');
};

/**
 * Checks each item on its own with its type's schema. A reference sent twice in one batch is
 * refused the second time: which of the two should win is the sender's to say.
 */
export function checkItems(raw: readonly unknown[]): { valid: ValidItem[]; invalid: InvalidItem[] } {
  const valid: ValidItem[] = [];
  const invalid: InvalidItem[] = [];
  const seen = new Set<string>();
  raw.forEach((value, index) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      invalid.push({ index, externalRef: null, errors: { _: [IMPORT_MESSAGES.notAnObject] } });
      return;
    }
    const record = value as Record<string, unknown>;
    const externalRef = typeof record.externalRef === 'string' ? record.externalRef.trim() || null : null;
    if (!isImportType(record.type)) {
      const message = record.type === undefined ? MESSAGES.required : IMPORT_MESSAGES.unknownType;
      invalid.push({ index, externalRef, errors: { type: [message] } });
      return;
    }
    const parsed = IMPORT_ITEM_SCHEMAS[record.type].safeParse(record);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.') || '_';
        errors[field] = [...(errors[field] ?? []), issue.message];
      }
      invalid.push({ index, externalRef, errors });
      return;
    }
    const item = parsed.data as ImportItem;
    const key = `${item.type}\u0000${item.externalRef}`;
    if (seen.has(key)) {
      invalid.push({ index, externalRef: item.externalRef, errors: { externalRef: [IMPORT_MESSAGES.duplicateInBatch] } });
      return;
    }
    seen.add(key);
    valid.push({ index, item, hash: contentHash(item) });
  });
  return { valid, invalid };
}
