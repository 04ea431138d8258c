import { navigateTo } from '../lib/navigation';
import { getSession, type ImpersonationRecord, setCurrentAgency, setImpersonation, setPermissions } from '../lib/session';
import { queryClient } from './query-client';

/**
 * An administrator starts acting as an adherent user (spec 00 §4): the record is stored with the
 * administrator's own current agency (given back at the end), every cached answer is dropped (it
 * was the administrator's), the user's first agency becomes current and the intranet home opens.
 */
export function startImpersonation(record: Omit<ImpersonationRecord, 'ownAgency'>) {
  setImpersonation({ ...record, ownAgency: getSession().currentAgency });
  setCurrentAgency(null);
  setPermissions([]);
  queryClient.clear();
  navigateTo('/intranet');
}

/**
 * Back to one's own account: record and cache cleared, the administrator's own current agency
 * back (issue 25), back to the adherent's page.
 */
export function stopImpersonation() {
  const record = getSession().impersonation;
  setImpersonation(null);
  setCurrentAgency(record?.ownAgency ?? null);
  setPermissions([]);
  queryClient.clear();
  navigateTo(record ? `/intranet/adherent?id=${record.adherentId}` : '/intranet');
}
