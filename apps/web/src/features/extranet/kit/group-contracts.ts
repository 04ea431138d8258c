import type { AgencyContract } from '../../../api/extranet/contracts';

export interface AddressGroup {
  key: string;
  address: string;
  contracts: AgencyContract[];
}

/** The dashboard's contracts, grouped by address in the order they first appear (spec 03 §2). */
export function groupContractsByAddress(contracts: AgencyContract[]): AddressGroup[] {
  const groups = new Map<string, AddressGroup>();
  for (const contract of contracts) {
    const address = `${contract.route.trim()}, ${contract.postalCode.trim()} ${contract.locality.trim()}`;
    const key = address.toLowerCase().replace(/\s+/g, ' ');
    const group = groups.get(key);
    if (group) group.contracts.push(contract);
    else groups.set(key, { key, address, contracts: [contract] });
  }
  return [...groups.values()];
}
