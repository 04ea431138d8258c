import { useSession } from '../../../lib/session';

/**
 * Who manages what on the catalogue screens (spec 01 §4, §6): a network admin
 * (network_prestation_administration) the network's prestations and texts; anyone else with
 * agency_prestation_administration the shell's current agency's. Without a current agency an
 * agency user has nothing to manage yet.
 */
export type CatalogueMode = { kind: 'network' } | { kind: 'agency'; agencyId: number; agencyName: string } | { kind: 'none' };

export function useCatalogueMode(): CatalogueMode {
  const { permissions, currentAgency } = useSession();
  if (permissions.includes('network_prestation_administration')) return { kind: 'network' };
  if (permissions.includes('agency_prestation_administration') && currentAgency)
    return { kind: 'agency', agencyId: currentAgency.id, agencyName: currentAgency.name };
  return { kind: 'none' };
}

/** The agency a catalogue call names: none for the network's view. */
export const agencyIdOf = (mode: CatalogueMode) => (mode.kind === 'agency' ? mode.agencyId : null);

/** `/intranet/prestation?equipment={id}&equipment-name={name}&prestation={id}` (spec 01 §2). */
export function prestationPath(equipment: { id: number; name: string }, prestationId?: number) {
  const query = new URLSearchParams({ equipment: String(equipment.id), 'equipment-name': equipment.name });
  if (prestationId !== undefined) query.set('prestation', String(prestationId));
  return `/intranet/prestation?${query.toString()}`;
}
