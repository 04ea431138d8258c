import type { Tx } from '../../db/client.js';
import type { ImportEffects } from './mails.js';

/** What the writers of one chunk of items share (writers.ts and, for customers, clients.ts). */
export type WriteStatus = 'created' | 'updated' | 'unchanged';
export type WriteOutcome = { status: WriteStatus } | { status: 'error'; errors: Record<string, string[]> };
/** Each item's outcome, by its index in the batch. */
export type ChunkOutcomes = Map<number, WriteOutcome>;

export interface ChunkContext {
  tx: Tx;
  agencyId: number;
  /** Where new quotes awaiting a decision, new invoices to pay and invitations are told, for the customers' mails. */
  effects: ImportEffects;
}
