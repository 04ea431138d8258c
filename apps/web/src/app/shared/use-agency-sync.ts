import type { AgencySummary } from '@reseau/contracts/schemas/agencies';
import { useEffect } from 'react';
import { useAgencies } from '../../api/agencies';
import { getSession, type StoredAgency, setAgencies, setCurrentAgency, useSession } from '../../lib/session';

function toStored(a: AgencySummary): StoredAgency {
  return {
    id: a.id,
    name: a.name,
    city: a.city,
    postalCode: a.postalCode,
    logoFileId: a.logoFileId,
    logoFilePath: a.logoFilePath,
    adherentId: a.adherentId,
  };
}

/**
 * Loads GET /agencies into the session (all agencies + current agency, spec 00 §3).
 * `first`: the intranet acts for the first agency until another is chosen.
 * `single`: the extranet chooses automatically only when the customer has exactly one.
 */
export function useAgencySync(autoSelect: 'first' | 'single') {
  const session = useSession();
  const query = useAgencies();
  const currentId = session.currentAgency?.id ?? null;

  useEffect(() => {
    // After a logout the shell may render once more: never write into an ended session.
    if (!query.data || !getSession().accessToken) return;
    const list = query.data.map(toStored);
    setAgencies(list);
    const current = list.find((a) => a.id === currentId) ?? null;
    if (current) {
      setCurrentAgency(current); // keeps name and logo up to date
    } else if (autoSelect === 'first' || list.length === 1) {
      setCurrentAgency(list[0] ?? null);
    } else if (currentId !== null) {
      setCurrentAgency(null);
    }
  }, [query.data, currentId, autoSelect]);

  return {
    agencies: query.data ? query.data.map(toStored) : session.agencies,
    currentAgency: session.currentAgency,
    isPending: query.isPending,
    isError: query.isError,
    refetch: query.refetch,
  };
}
