import { Button, Menu, Text } from '@mantine/core';
import { IconCheck, IconChevronDown, IconSwitchHorizontal } from '@tabler/icons-react';
import { logout } from '../../api/logout';
import { AgencyLogo } from '../../components/AgencyLogo';
import { useTranslation } from '../../i18n';
import { type StoredAgency, setCurrentAgency } from '../../lib/session';
import { UserMenu } from '../shared/UserMenu';
import classes from './ExtranetShell.module.css';

/**
 * The extranet header's menus, a module of its own: the shell loads it once the screen's content
 * is on the page (AfterContent), so that the menus' code is not part of the first load. The
 * agency switch shows for a customer of several agencies (spec 03 §2).
 */
export function HeaderMenus({
  agencies,
  currentAgency,
  fullName,
  email,
}: {
  agencies: StoredAgency[];
  currentAgency: StoredAgency | null;
  fullName: string;
  email?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {currentAgency && agencies.length > 1 ? (
        <Menu position="bottom-end" width={280} shadow="lg">
          <Menu.Target>
            <Button
              variant="light"
              size="sm"
              leftSection={<IconSwitchHorizontal size={16} aria-hidden="true" />}
              rightSection={<IconChevronDown size={14} aria-hidden="true" />}
              aria-label={`${t('extranet.agency.change')} (${currentAgency.name})`}
            >
              <Text span size="sm" fw={600} truncate className={classes.switchLabel}>
                {currentAgency.name}
              </Text>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('extranet.agency.change')}</Menu.Label>
            {agencies.map((agency) => (
              <Menu.Item
                key={agency.id}
                leftSection={<AgencyLogo name={agency.name} logoFilePath={agency.logoFilePath} size={28} />}
                rightSection={agency.id === currentAgency.id ? <IconCheck size={16} aria-hidden="true" /> : null}
                onClick={() => setCurrentAgency(agency)}
              >
                {agency.name}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : null}
      <UserMenu
        fullName={fullName}
        email={email}
        personalInfoPath="/extranet/personal-info"
        sessionsPath="/extranet/my-sessions"
        onLogout={() => logout('extranet')}
      />
    </>
  );
}
