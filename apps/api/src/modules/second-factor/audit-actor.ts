import type { Account } from './recovery-codes.js';

/** The audit's actor columns for an account acting on itself (staff or customer). */
export const actorOf = (account: Account) =>
  account.kind === 'admin' ? { actorAdminId: account.id } : { actorClientId: account.id };
