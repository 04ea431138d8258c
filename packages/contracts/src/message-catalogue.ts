/**
 * Every user-visible French message of the contracts, flattened: each `…_MESSAGES` table, each
 * `…_MESSAGE` text and the not-found subjects, with the messages that take a value written with
 * a fixed sample. `golden-messages.test.ts` compares it with the words pinned there.
 */

type Text = string;
type Flat = Record<string, Text>;

/** The sample a message that takes a value is written with, by `TABLE.key`. */
export const SAMPLE_ARGUMENTS: Record<string, unknown[]> = {
  'FILE_MESSAGES.tooLarge': [5 * 1024 * 1024],
  'FILE_MESSAGES.typeNotAllowed': [['application/pdf', 'image/png']],
  'JOB_OFFER_MESSAGES.invalidRecipient': ['{adresse}'],
  'JOB_OFFER_MESSAGES.duplicateRecipient': ['{adresse}'],
  'MONTHLY_RESULT_MESSAGES.wrongSection': ['{nom}'],
  'POSTAL_CODE_CSV_MESSAGES.invalidLine': [12],
  'SIGNATURE_MESSAGES.sanitizationFailed': ['{fichier}'],
  'THROTTLE_MESSAGES.accountLocked': [1],
  'THROTTLE_MESSAGES.tooManyMails': [5],
};

const isCatalogue = (name: string) => /(^|_)MESSAGES?$/.test(name) || name === 'NOT_FOUND_SUBJECTS';

function flatten(table: string, value: unknown, prefix: string, into: Flat) {
  if (typeof value === 'string') {
    into[prefix] = value;
  } else if (typeof value === 'function') {
    const args = SAMPLE_ARGUMENTS[`${table}.${prefix}`];
    if (!args) throw new Error(`${table}.${prefix} takes a value: give it a sample in SAMPLE_ARGUMENTS`);
    into[prefix] = String(value(...args));
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flatten(table, inner, prefix ? `${prefix}.${key}` : key, into);
  }
}

/** `{ TABLE: { key: text } }` and `{ NAME_MESSAGE: text }`, from the contracts' constants. */
export function userVisibleMessages(constants: Record<string, unknown>): Record<string, Flat | Text> {
  const out: Record<string, Flat | Text> = {};
  for (const name of Object.keys(constants).sort()) {
    if (!isCatalogue(name)) continue;
    const value = constants[name];
    if (typeof value === 'string') {
      out[name] = value;
      continue;
    }
    const flat: Flat = {};
    flatten(name, value, '', flat);
    out[name] = flat;
  }
  return out;
}
