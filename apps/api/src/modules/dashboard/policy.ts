import type { PermissionCode } from '@reseau/contracts';
import { CONTACTS_PERMISSION } from '../contacts/policy.js';

/**
 * The clients panel counts demands and customers: the same audience as the demands screens,
 * `contact_administration` (spec 00 §6), so a role without it (6, the technician) is refused
 * rather than shown figures it could not open.
 */
export const DASHBOARD_CONTACTS_PERMISSION: PermissionCode = CONTACTS_PERMISSION;

/** The network-wide counts go with the network-wide demands: role 1 only (spec 00 §6). */
export { assertMayReadNetworkContacts, mayReadNetworkContacts } from '../contacts/policy.js';
