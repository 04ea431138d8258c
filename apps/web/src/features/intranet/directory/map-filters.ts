import type { MapAdherent } from '@reseau/contracts/schemas/adherents';
import { matchesSearch } from './directory-filters';

export type MapAgency = MapAdherent['agencies'][number];

export interface MapFilters {
  search: string;
  regionId: number | null;
  cooperativeRoles: readonly string[];
  activities: readonly string[];
  jobType: string | null;
  employeeAmount: number | null;
  salesFigures: number | null;
  enteredNetworkAt: number | null;
}

/**
 * The agencies the map shows for these filters (spec 02 §2). Within a checkbox group a member
 * matches when it has at least one ticked value; the groups, selects, year, region and search
 * all apply together. Roles belong to the adherent (its admins'), the rest to each agency.
 */
export function filterMapAgencies(
  adherents: readonly MapAdherent[],
  f: MapFilters,
): { adherent: MapAdherent; agency: MapAgency }[] {
  const someOf = (wanted: readonly string[], has: readonly string[]) =>
    wanted.length === 0 || wanted.some((v) => has.includes(v));
  return adherents.flatMap((adherent) => {
    if (f.regionId !== null && adherent.regionId !== f.regionId) return [];
    if (!someOf(f.cooperativeRoles, adherent.cooperativeRoles)) return [];
    return adherent.agencies
      .filter(
        (agency) =>
          someOf(f.activities, agency.activities) &&
          (f.jobType === null || agency.jobType === f.jobType) &&
          (f.employeeAmount === null || agency.employeeAmount === f.employeeAmount) &&
          (f.salesFigures === null || agency.salesFigures === f.salesFigures) &&
          (f.enteredNetworkAt === null || agency.enteredNetworkAt === f.enteredNetworkAt) &&
          matchesSearch(f.search, [
            adherent.name,
            agency.name,
            agency.city,
            agency.postalCode,
            adherent.admin?.firstName,
            adherent.admin?.lastName,
          ]),
      )
      .map((agency) => ({ adherent, agency }));
  });
}
