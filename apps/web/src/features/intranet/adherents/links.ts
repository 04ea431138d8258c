import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Adherent } from '../../../api/adherents';
import { idParam } from '../../../lib/id-param';

/** `/intranet/adherent-admin?adherent={name}&adherent-id={id}&id={adminId}` (spec 01 §2). */
export function adherentAdminHref(adherent: Pick<Adherent, 'id' | 'name'>, adminId?: number): string {
  const params = new URLSearchParams({ adherent: adherent.name, 'adherent-id': String(adherent.id) });
  if (adminId !== undefined) params.set('id', String(adminId));
  return `/intranet/adherent-admin?${params}`;
}

/** `/intranet/agency?adherent={name}&adherent-id={id}&id={agencyId}` (spec 01 §2; the form is the agencies area's). */
export function agencyHref(adherent: Pick<Adherent, 'id' | 'name'>, agencyId?: number): string {
  const params = new URLSearchParams({ adherent: adherent.name, 'adherent-id': String(adherent.id) });
  if (agencyId !== undefined) params.set('id', String(agencyId));
  return `/intranet/agency?${params}`;
}

/**
 * The address of a form opened from an adherent's page (`?adherent={name}&adherent-id={id}&id=`):
 * the adherent, the edited item's id (null: a creation) and the way back to the page.
 */
export function useAdherentFormAddress() {
  const [params] = useSearchParams();
  const adherentId = idParam(params.get('adherent-id'));
  const id = idParam(params.get('id'));
  const back = adherentId === null ? '/intranet/adherents' : `/intranet/adherent?id=${adherentId}`;
  return { adherentId, adherentName: params.get('adherent') ?? '', id, back };
}

/** Goes back at once to `back` when `leave` holds: no adherent, or the item failed to load (spec 01 §8). */
export function useLeaveWhen(leave: boolean, back: string) {
  const navigate = useNavigate();
  useEffect(() => {
    if (leave) navigate(back, { replace: true });
  }, [leave, back, navigate]);
}
