import type { Area } from '@reseau/contracts/auth';
import { queryClient } from '../api/query-client';
import { navigateTo } from './navigation';
import { clearSession } from './session';

/** Logout clears tokens, permissions, impersonation, current agency and agency list (spec 00 §4). */
export function logout(area: Area) {
  clearSession();
  queryClient.clear();
  navigateTo(`/${area}/login`, { replace: true });
}
