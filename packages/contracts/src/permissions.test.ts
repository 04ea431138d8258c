import { describe, expect, it } from 'vitest';
import {
  ADMIN_TYPE,
  AGENCY_KEY_NETWORK_ROLE_IDS,
  AGENCY_KEY_ROLE_IDS,
  MAP_HIDDEN_ROLE_IDS,
  MEMBER_DIRECTORY_ROLE_IDS,
  ROLES,
} from './constants/permissions.js';

/** The role sets the web's access rules read: written out, and checked here against the roles table. */
describe('role sets', () => {
  it('opens the member directory to every role but role 8', () => {
    expect(MAP_HIDDEN_ROLE_IDS).toEqual([8]);
    expect(MEMBER_DIRECTORY_ROLE_IDS).toEqual([1, 2, 3, 4, 5, 6, 7, 9]);
    expect(MEMBER_DIRECTORY_ROLE_IDS).toEqual(ROLES.map((r) => r.id).filter((id) => !MAP_HIDDEN_ROLE_IDS.includes(id)));
  });

  it('gives agency keys to the two network administrators and every adherent role, never the animator', () => {
    expect(AGENCY_KEY_NETWORK_ROLE_IDS).toEqual([1, 2]);
    expect(AGENCY_KEY_ROLE_IDS).toEqual([1, 2, 4, 5, 6, 7, 8, 9]);
    expect(AGENCY_KEY_ROLE_IDS).toEqual(
      ROLES.filter((r) => r.adminTypeId === ADMIN_TYPE.adherent || AGENCY_KEY_NETWORK_ROLE_IDS.includes(r.id)).map((r) => r.id),
    );
  });
});
