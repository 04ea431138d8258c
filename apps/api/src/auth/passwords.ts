import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum memory cost: ~20 ms a hash on this machine.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Hash anyway when the account has no password, so that timing does not tell accounts apart.
  if (!passwordHash) {
    await hash(password, options);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
