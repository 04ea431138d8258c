import { FAQ_THEME_CODES, type FaqEntry, type FaqTheme } from '@reseau/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { faqEntries } from '../../db/schema/index.js';

// A constant of ours, never user input: safe to inline.
const themeList = sql.raw(FAQ_THEME_CODES.map((t) => `'${t}'`).join(','));

/** Entries of one theme (or all, theme by theme in the tabs' order), by position. */
export async function listFaqEntries(db: DbOrTx, theme?: FaqTheme): Promise<FaqEntry[]> {
  return db
    .select({ id: faqEntries.id, question: faqEntries.question, answer: faqEntries.answer, theme: faqEntries.theme })
    .from(faqEntries)
    .where(theme ? eq(faqEntries.theme, theme) : undefined)
    .orderBy(sql`array_position(array[${themeList}]::text[], ${faqEntries.theme})`, asc(faqEntries.position), asc(faqEntries.id));
}
