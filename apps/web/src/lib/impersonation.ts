import { queryClient } from '../api/query-client';
import { navigateTo } from './navigation';
import { getSession, type ImpersonationRecord, setImpersonation, setPermissions } from './session';

/**
 * An administrator starts acting as an adherent user (spec 00 §4): the record is stored, every
 * cached answer is dropped (it was the administrator's) and the intranet home opens.
 */
export function startImpersonation(record: ImpersonationRecord) {
  setImpersonation(record);
  setPermissions([]);
  queryClient.clear();
  navigateTo('/intranet');
}

/** Back to one's own account: record and cache cleared, back to the adherent's page. */
export function stopImpersonation() {
  const record = getSession().impersonation;
  setImpersonation(null);
  setPermissions([]);
  queryClient.clear();
  navigateTo(record ? `/intranet/adherent?id=${record.adherentId}` : '/intranet');
}
