import { IconBuildingStore } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { logout } from '../../api/logout';
import { Select } from '../../components/overlays';
import { NotificationBell } from '../../features/intranet/notifications/NotificationBell';
import { SearchBox } from '../../features/intranet/search/SearchBox';
import { useTranslation } from '../../i18n';
import { type StoredAgency, setCurrentAgency } from '../../lib/session';
import { UserMenu } from '../shared/UserMenu';
import classes from './IntranetShell.module.css';

/*
 * The intranet header's controls, a module of its own: the shell loads it once the screen's
 * content is on the page (AfterContent), so that its code (the select, the popovers and their
 * positioning library) is not part of the first load.
 */

/** The agency switch (staff with agencies) and the admins' search. */
export function HeaderTools({
  agencies,
  currentAgency,
  withSearch,
}: {
  agencies: StoredAgency[];
  currentAgency: StoredAgency | null;
  withSearch: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {agencies.length > 0 ? (
        <Select
          className={classes.agencySelect}
          style={{ '--agency-chars': Math.max(...agencies.map((a) => a.name.length)) } as CSSProperties}
          size="sm"
          aria-label={t('shell.currentAgency')}
          leftSection={<IconBuildingStore size={16} aria-hidden="true" />}
          data={agencies.map((a) => ({ value: String(a.id), label: a.name }))}
          value={currentAgency ? String(currentAgency.id) : null}
          onChange={(value) => setCurrentAgency(agencies.find((a) => String(a.id) === value) ?? null)}
          allowDeselect={false}
          searchable={agencies.length > 8}
          // The list is built when opened, not with every page (about 140 components at each
          // first load); nothing in the page points to the list while it is closed.
          comboboxProps={{ width: 300, position: 'bottom-start', keepMounted: false }}
        />
      ) : null}
      {withSearch ? <SearchBox /> : null}
    </>
  );
}

/** The notification bell and the profile menu. */
export function HeaderEnd({ fullName, email }: { fullName: string; email?: string }) {
  return (
    <>
      <NotificationBell />
      <UserMenu
        fullName={fullName}
        email={email}
        securityPath="/intranet/account-security"
        sessionsPath="/intranet/my-sessions"
        dataExportPath="/intranet/my-data"
        onLogout={() => logout('intranet')}
      />
    </>
  );
}
