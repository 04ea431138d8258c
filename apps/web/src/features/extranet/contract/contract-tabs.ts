/** The contract page's tabs, as written in the `tab` query (spec 03 §2): lower-case, contract by default. */
export const CONTRACT_TABS = ['contract', 'quote', 'invoice', 'documents', 'contact_info'] as const;
export type ContractTab = (typeof CONTRACT_TABS)[number];

export function contractTabOf(value: string | null): ContractTab {
  const tab = value?.toLowerCase();
  return (CONTRACT_TABS as readonly string[]).includes(tab ?? '') ? (tab as ContractTab) : 'contract';
}
