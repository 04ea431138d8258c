import { z } from 'zod';
import { idParam } from './primitives.js';

const count = z.number().int().min(0);

/**
 * Dashboard contact counts (spec 00 §3), with the spec's own field names:
 * - count_to_process: demands not processed yet;
 * - count_to_process_new_client: among them, those from someone the agency does not know as a customer;
 * - count_processed_last_month: demands marked processed during the last month (rolling);
 * - count_verified_clients: customers with an account whose email is verified.
 */
export const dashboardContacts = z.object({
  count_to_process: count,
  count_to_process_new_client: count,
  count_processed_last_month: count,
  count_verified_clients: count,
});
export type DashboardContacts = z.infer<typeof dashboardContacts>;

export const dashboardAgencyParams = z.object({ id: idParam });
