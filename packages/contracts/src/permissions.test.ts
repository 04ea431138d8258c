import { describe, expect, it } from 'vitest';
import {
  AGENCY_KEY_NETWORK_ROLE_IDS,
  AGENCY_KEY_ROLE_IDS,
  MAP_HIDDEN_ROLE_IDS,
  MEMBER_DIRECTORY_ROLE_IDS,
  ROLES,
} from './constants/permissions.js';

/** The role sets the web's menu reads: derived from the roles table, so they follow the API's rules. */
describe('role sets', () => {
  it('opens the member directory to every role but role 8', () => {
    expect(MAP_HIDDEN_ROLE_IDS).toEqual([8]);
    expect(MEMBER_DIRECTORY_ROLE_IDS).toEqual([1, 2, 3, 4, 5, 6, 7, 9]);
  });

  it('gives agency keys to the two network administrators and every adherent role, never the animator', () => {
    expect(AGENCY_KEY_NETWORK_ROLE_IDS).toEqual([1, 2]);
    expect(AGENCY_KEY_ROLE_IDS).toEqual([1, 2, 4, 5, 6, 7, 8, 9]);
    expect(AGENCY_KEY_ROLE_IDS.every((id) => ROLES.some((r) => r.id === id))).toBe(true);
  });
});
