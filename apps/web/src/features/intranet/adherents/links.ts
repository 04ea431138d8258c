import type { Adherent } from '../../../api/adherents';

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
