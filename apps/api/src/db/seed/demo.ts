import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { admins } from '../schema/index.js';

/** Seeds the demo network when the database holds no admin yet. Returns whether it seeded. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(admins);
  if ((row?.n ?? 0) > 0) return false;
  return false;
}
