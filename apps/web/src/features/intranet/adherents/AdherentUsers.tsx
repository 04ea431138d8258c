import { Button, Card, Group, Stack, Switch, Title } from '@mantine/core';
import { IMPERSONATION_PERMISSION } from '@reseau/contracts/constants/permissions';
import { IconEdit, IconLogin2, IconMailForward, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type AdherentAdmin, bodyOf, saveAdherentAdmin, useAdherentAdmins } from '../../../api/adherent-admins';
import type { Adherent } from '../../../api/adherents';
import { api } from '../../../api/http';
import { useRoles } from '../../../api/roles';
import { DataTable } from '../../../components/DataTable';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { useTranslation } from '../../../i18n';
import '../../../i18n/lists';
import { startImpersonation } from '../../../api/impersonation';
import { isApiError } from '../../../lib/api-error';
import { genericErrorText } from '../../../lib/error-text';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { adherentAdminHref } from './links';

/**
 * « Se connecter en tant que »: the server may refuse it (a session opened without the second
 * factor, issue 27); its French words are shown then, and nothing switches.
 */
function logInAsUser(adherent: { id: number; regionId: number | null }, user: AdherentAdmin) {
  return startImpersonation({
    id: user.id,
    name: `${user.firstName} ${user.lastName}`,
    adherentId: adherent.id,
    role: user.roleId,
    regionId: adherent.regionId,
  }).catch((error: unknown) => notifyError(isApiError(error) && error.status === 403 ? error.message : genericErrorText(error)));
}

/**
 * The adherent's users on its page (spec 01 §2): name, position, mail, phone, role, edit, active
 * switch (the user is saved at once, spec 01 §4), connection link and "log me in as".
 */
export function AdherentUsers({ adherent }: { adherent: Adherent }) {
  const { t } = useTranslation();
  const session = useSession();
  const users = useAdherentAdmins(adherent.id);
  const roles = useRoles();
  const roleName = (id: number) => roles.data?.find((r) => r.id === id)?.name ?? '';
  const canImpersonate = session.permissions.includes(IMPERSONATION_PERMISSION) && !session.impersonation;

  const toggle = useMutation({
    mutationFn: (user: AdherentAdmin) => saveAdherentAdmin(user.id, { ...bodyOf(user), isActive: !user.isActive }),
    onError: () => notifyError(t('adherents.errors.saveUser')),
  });
  const sendLink = useMutation({
    mutationFn: (user: AdherentAdmin) =>
      api.post<void>(`/admins/${encodeURIComponent(user.emailAddress)}/open-password-reset`, { context: 'init' }),
    onSuccess: () => notifySuccess(t('adherents.linkSent')),
    onError: () => notifyError(t('adherents.errors.sendLink')),
  });
  const logInAs = (user: AdherentAdmin) => logInAsUser(adherent, user);

  return (
    <Card shadow="xs">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4">
            {t('adherents.users')}
          </Title>
          <Button
            component={Link}
            to={adherentAdminHref(adherent)}
            variant="light"
            leftSection={<IconUserPlus size={18} aria-hidden="true" />}
          >
            {t('adherents.addUser')}
          </Button>
        </Group>
        {users.isPending ? (
          <ListSkeleton rows={3} height={40} />
        ) : !users.data?.length ? (
          <EmptyBlock icon={<IconUsers size={28} />} title={t('list.noData')} />
        ) : (
          <DataTable
            label={t('adherents.users')}
            minWidth={960}
            rows={users.data}
            rowKey={(user) => user.id}
            columns={[
              { key: 'name', header: t('adherents.userName'), cell: (user) => `${user.firstName} ${user.lastName}` },
              { key: 'position', header: t('adherents.position'), cell: (user) => user.position },
              { key: 'email', header: t('adherents.email'), cell: (user) => user.emailAddress, nowrap: true },
              { key: 'phone', header: t('adherents.phone'), cell: (user) => user.phone, nowrap: true },
              { key: 'role', header: t('adherents.role'), cell: (user) => roleName(user.roleId) },
              {
                key: 'active',
                header: t('adherents.active'),
                cell: (user) => (
                  <Switch
                    checked={user.isActive}
                    aria-label={t('adherents.activeOne', { name: `${user.firstName} ${user.lastName}` })}
                    disabled={toggle.isPending}
                    onChange={() => toggle.mutate(user)}
                  />
                ),
              },
            ]}
            rowActions={(user) => {
              const name = `${user.firstName} ${user.lastName}`;
              return (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button
                    component={Link}
                    to={adherentAdminHref(adherent, user.id)}
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconEdit size={16} aria-hidden="true" />}
                    aria-label={t('adherents.editOne', { name })}
                  >
                    {t('adherents.edit')}
                  </Button>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconMailForward size={16} aria-hidden="true" />}
                    aria-label={t('adherents.sendLinkTo', { name })}
                    loading={sendLink.isPending && sendLink.variables?.id === user.id}
                    onClick={() => sendLink.mutate(user)}
                  >
                    {t('adherents.sendLink')}
                  </Button>
                  {canImpersonate && user.isActive ? (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconLogin2 size={16} aria-hidden="true" />}
                      aria-label={t('adherents.logInAsOne', { name })}
                      onClick={() => logInAs(user)}
                    >
                      {t('adherents.logInAs')}
                    </Button>
                  ) : null}
                </Group>
              );
            }}
          />
        )}
      </Stack>
    </Card>
  );
}
