import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconDevices, IconFileZip, IconLogout, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { initials } from '../../lib/format';
import classes from './UserMenu.module.css';

interface UserMenuProps {
  fullName: string;
  email?: string;
  /** Extranet only: "Informations personnelles". */
  personalInfoPath?: string;
  /** Intranet: "Sécurité du compte" (the second factor; the extranet has it in its personal info). */
  securityPath?: string;
  /** "Mes connexions" of the area (issue 27 §3). */
  sessionsPath: string;
  /** Intranet: "Mes données" (issue 28 §1; the extranet has it in its personal info). */
  dataExportPath?: string;
  onLogout: () => void;
}

/** The user's full name with the profile menu (spec 00 §2). */
export function UserMenu({
  fullName,
  email,
  personalInfoPath,
  securityPath,
  sessionsPath,
  dataExportPath,
  onLogout,
}: UserMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" width={240} shadow="lg" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.trigger} aria-label={`${t('shell.profileMenu')} : ${fullName}`}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="ocean" variant="filled" radius="xl" size={34}>
              {initials(fullName)}
            </Avatar>
            <Text className={classes.name} size="sm" fw={600} truncate>
              {fullName}
            </Text>
            <IconChevronDown size={16} className={classes.chevron} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark">
            {fullName}
          </Text>
          {email ? (
            <Text size="xs" c="dimmed" truncate>
              {email}
            </Text>
          ) : null}
        </Menu.Label>
        <Menu.Divider />
        {personalInfoPath ? (
          <Menu.Item component={Link} to={personalInfoPath} leftSection={<IconUserCircle size={18} />}>
            {t('shell.personalInfo')}
          </Menu.Item>
        ) : null}
        {securityPath ? (
          <Menu.Item component={Link} to={securityPath} leftSection={<IconShieldLock size={18} />}>
            {t('shell.accountSecurity')}
          </Menu.Item>
        ) : null}
        <Menu.Item component={Link} to={sessionsPath} leftSection={<IconDevices size={18} />}>
          {t('shell.mySessions')}
        </Menu.Item>
        {dataExportPath ? (
          <Menu.Item component={Link} to={dataExportPath} leftSection={<IconFileZip size={18} />}>
            {t('shell.myData')}
          </Menu.Item>
        ) : null}
        <Menu.Item color="red" leftSection={<IconLogout size={18} />} onClick={onLogout}>
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
