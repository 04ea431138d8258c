import { IMPERSONATION_HEADER } from '@reseau/contracts/constants/permissions';
import { navigateTo } from '../lib/navigation';
import { getSession, type ImpersonationRecord, setCurrentAgency, setImpersonation, setPermissions } from '../lib/session';
import { api } from './http';
import { queryClient } from './query-client';

/**
 * An administrator starts acting as an adherent user (spec 00 §4): the record is stored with the
 * administrator's own current agency (given back at the end), every cached answer is dropped (it
 * was the administrator's), the user's first agency becomes current and the intranet home opens.
 * The server is asked first with one small read as that user: it refuses a session opened without
 * the second factor (issue 27), and the caller shows its words instead of a home full of refusals.
 */
export async function startImpersonation(record: Omit<ImpersonationRecord, 'ownAgency'>) {
  await api.get('/count-all-unread-notifications', { headers: { [IMPERSONATION_HEADER]: String(record.id) } });
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
