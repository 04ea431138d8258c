import {
  LEGAL_PAGE_MESSAGES,
  LEGAL_PAGE_SLUGS,
  type LegalPage,
  type LegalPageBody,
  type LegalPageSlug,
  NOT_FOUND_SUBJECTS,
} from '@reseau/contracts';
import { eq } from 'drizzle-orm';
import { legalPages } from '../../db/schema/index.js';
import { audit, auditActor } from '../../kernel/audit.js';
import { errors } from '../../lib/errors.js';
import type { PublicContext, StaffContext } from '../../lib/request-context.js';
import { richTextImageFileIds, sanitizeRichText } from '../../lib/rich-text.js';
import { defaultLegalPage } from './defaults.js';

/** A slug of ours, or a 404 (an unknown page does not exist, whoever asks). */
function knownSlug(slug: string): LegalPageSlug {
  if (!(LEGAL_PAGE_SLUGS as readonly string[]).includes(slug)) throw errors.notFound(NOT_FOUND_SUBJECTS.legalPage);
  return slug as LegalPageSlug;
}

/** The page as saved by role 1, or its default text. */
export async function getLegalPage({ db }: PublicContext, slug: string): Promise<LegalPage> {
  const known = knownSlug(slug);
  const [row] = await db
    .select({ title: legalPages.title, content: legalPages.content, updatedAt: legalPages.updatedAt })
    .from(legalPages)
    .where(eq(legalPages.slug, known));
  if (!row) return { slug: known, ...defaultLegalPage(known), updatedAt: null, isDefault: true };
  return { slug: known, title: row.title, content: row.content, updatedAt: row.updatedAt.toISOString(), isDefault: false };
}

/**
 * Saves a page's title and text (role 1): sanitized, without images (the pages are public, and
 * files are read by who holds them); one row per page, written over; audited.
 */
export async function saveLegalPage({ db, caller: admin, ip }: StaffContext, slug: string, body: LegalPageBody) {
  const known = knownSlug(slug);
  const content = sanitizeRichText(body.content);
  if (richTextImageFileIds(content).length > 0 || /<img\b/i.test(content)) {
    throw errors.validation({ content: [LEGAL_PAGE_MESSAGES.noImageInContent] });
  }
  const values = { title: body.title, content, updatedAt: new Date(), updatedBy: admin.adminId };
  await db.transaction(async (tx) => {
    await tx
      .insert(legalPages)
      .values({ slug: known, ...values })
      .onConflictDoUpdate({ target: legalPages.slug, set: values });
    await audit(tx, { action: 'legal_page.updated', ...auditActor(admin), entity: 'legal_page', entityId: known, ip });
  });
}
