import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

/**
 * Whether a replayed job already queued its mail: checked before a new link is made, since a new
 * link would spend the one that mail carries.
 */
export async function mailQueued(db: DbOrTx, key: string): Promise<boolean> {
  const [row] = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.idempotencyKey, key)).limit(1);
  return row !== undefined;
}
