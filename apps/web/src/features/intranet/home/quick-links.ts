import { DOCUMENT_BASE_IDS, regionDocumentBaseId } from '@reseau/contracts/constants/dashboard';
import type { PermissionCode } from '@reseau/contracts/constants/permissions';
import { NETWORK_ROLE_IDS, ROLE } from '@reseau/contracts/constants/permissions';

export type QuickLinkKind = 'docBase' | 'caSpace' | 'regionDocBase' | 'forum' | 'spareParts';

export interface QuickLink {
  path: string;
  labelKey: string;
  kind: QuickLinkKind;
}

/** Forums (spec 00 §6): 1 adherents, 2 technical, 3 administration. */
const forum = (id: 1 | 2 | 3): QuickLink => ({
  path: `/intranet/forum/${id}`,
  labelKey: `intranetHome.quickLinks.forum${id}`,
  kind: 'forum',
});
const generalDocBase: QuickLink = {
  path: `/intranet/doc-base/${DOCUMENT_BASE_IDS.general}`,
  labelKey: 'intranetHome.quickLinks.docBase',
  kind: 'docBase',
};
const caSpace: QuickLink = {
  path: `/intranet/doc-base/${DOCUMENT_BASE_IDS.ca}`,
  labelKey: 'intranetHome.quickLinks.caSpace',
  kind: 'caSpace',
};
const spareParts: QuickLink = {
  path: '/intranet/spare-parts',
  labelKey: 'intranetHome.quickLinks.spareParts',
  kind: 'spareParts',
};

/**
 * The dashboard's quick links, exactly as spec 01 §2 lists them by role. The region's document
 * base is 3 to 7 for regions 1 to 5 (spec 00 §6); a user without a region gets none.
 */
export function quickLinksFor(user: {
  roleId: number | null;
  regionId: number | null;
  permissions: readonly PermissionCode[];
}): QuickLink[] {
  const ca = user.permissions.includes('document_base_ca_reading') ? [caSpace] : [];
  if (user.roleId === null) return [];
  if (NETWORK_ROLE_IDS.includes(user.roleId)) return [generalDocBase, forum(1), ...ca];
  if (user.roleId === ROLE.technician) return [forum(2), spareParts];
  if (user.roleId === ROLE.administrativeAssistant) return [forum(3), spareParts];
  if (user.roleId === ROLE.accountant) return [forum(3)];
  const regionBase = regionDocumentBaseId(user.regionId);
  const region: QuickLink[] =
    regionBase === null
      ? []
      : [{ path: `/intranet/doc-base/${regionBase}`, labelKey: 'intranetHome.quickLinks.regionDocBase', kind: 'regionDocBase' }];
  return [...region, forum(1), ...ca];
}
