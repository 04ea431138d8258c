import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '@reseau/contracts';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { hashToken } from '../../auth/tokens.js';
import type { DbOrTx } from '../../db/client.js';
import { recoveryCodes, type SubjectKind } from '../../db/schema/index.js';

/** Lower-case letters and digits without the look-alikes (0/o, 1/l/i): 31 signs, ~50 bits a code. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface Account {
  kind: SubjectKind;
  id: number;
}

/** Hashed with the account: a code found in another account's rows opens nothing. */
const codeHash = (account: Account, code: string) => hashToken(`recovery:${account.kind}:${account.id}:${code}`);

const newCode = () => Array.from({ length: RECOVERY_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
/** As shown and printed: `abcde-fghjk`. */
const printed = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** Replaces the account's recovery codes by 10 new ones; answers them as they are shown, once. */
export async function replaceRecoveryCodes(tx: DbOrTx, account: Account): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await dropRecoveryCodes(tx, account);
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ subjectKind: account.kind, subjectId: account.id, codeHash: codeHash(account, code) })));
  return codes.map(printed);
}

export async function dropRecoveryCodes(tx: DbOrTx, account: Account) {
  await tx.delete(recoveryCodes).where(and(eq(recoveryCodes.subjectKind, account.kind), eq(recoveryCodes.subjectId, account.id)));
}

/** Spends one code (normalised by the contract: no dash, lower case): one conditional UPDATE, so it opens once. */
export async function spendRecoveryCode(tx: DbOrTx, account: Account, code: string): Promise<boolean> {
  const spent = await tx
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.codeHash, codeHash(account, code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length === 1;
}

export async function recoveryCodesLeft(db: DbOrTx, account: Account): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(
      and(eq(recoveryCodes.subjectKind, account.kind), eq(recoveryCodes.subjectId, account.id), isNull(recoveryCodes.usedAt)),
    );
  return row?.n ?? 0;
}
