import { ActionIcon, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { networkAdminLocks } from '@reseau/contracts/constants/network-admins';
import { ROLE } from '@reseau/contracts/constants/permissions';
import { IconArrowsSort, IconCheck, IconMailForward, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  type NetworkAdmin,
  useNetworkAdminPage,
  useReorderNetworkAdmins,
  useSendConnectionLink,
  useToggleNetworkAdmin,
} from '../../../api/network-admins';
import { useRoles } from '../../../api/roles';
import type { Column } from '../../../components/DataTable';
import { Tooltip } from '../../../components/overlays';
import { PagedTable } from '../../../components/PagedTable';
import { PersonAvatar } from '../../../components/PersonAvatar';
import { SortableList } from '../../../components/sortable/SortableList';
import { useTranslation } from '../../../i18n';
import { actingRoleId } from '../../../lib/acting-role';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';

const NO_FILTERS = {};
const fullName = (admin: NetworkAdmin) => `${admin.firstName} ${admin.lastName}`;
const editPath = (admin: NetworkAdmin) => `/intranet/user?id=${admin.id}`;

/**
 * `/intranet/users` (spec 01 §2): the network admins in display order, with their active switch
 * (saved at once; the role 1 admin's is locked, spec 01 §4) and the connection link; reorder mode
 * swaps the table for a drag-and-drop list (keyboard too) that saves each move.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const list = useListParams(NO_FILTERS);
  const admins = useNetworkAdminPage(list.pageNumber);
  const roles = useRoles();
  const toggle = useToggleNetworkAdmin();
  const sendLink = useSendConnectionLink();
  const reorder = useReorderNetworkAdmins();
  const [reordering, setReordering] = useState(false);
  const roleName = (roleId: number) => roles.data?.find((role) => role.id === roleId)?.name ?? '';
  const session = useSession();
  // A role 1 account's connection link is role 1's only (the server refuses it to others too).
  const caller = { adminId: Number(session.claims?.sub), roleId: actingRoleId(session) ?? 0 };

  const columns: Column<NetworkAdmin>[] = [
    {
      key: 'name',
      header: t('networkAdmins.name'),
      cell: (a) => (
        <Group gap="sm" wrap="nowrap">
          <PersonAvatar fileId={a.avatarFileId} />
          <span>{fullName(a)}</span>
        </Group>
      ),
    },
    { key: 'position', header: t('networkAdmins.position'), cell: (a) => a.position },
    {
      key: 'email',
      header: t('networkAdmins.email'),
      cell: (a) => <Text style={{ overflowWrap: 'anywhere' }}>{a.emailAddress}</Text>,
    },
    {
      key: 'phone',
      header: t('networkAdmins.phone'),
      cell: (a) => <Text style={{ whiteSpace: 'nowrap' }}>{a.phone}</Text>,
    },
    { key: 'role', header: t('networkAdmins.role'), cell: (a) => roleName(a.roleId) },
    {
      key: 'active',
      header: t('networkAdmins.active'),
      cell: (a) => (
        <Switch
          aria-label={t('networkAdmins.activeOf', { name: fullName(a) })}
          checked={toggle.isPending && toggle.variables?.admin.id === a.id ? toggle.variables.isActive : a.isActive}
          disabled={a.roleId === ROLE.superAdmin || (toggle.isPending && toggle.variables?.admin.id === a.id)}
          onChange={(event) => toggle.mutate({ admin: a, isActive: event.currentTarget.checked })}
        />
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('menu.users')}
        </Title>
        <Group gap="sm">
          <Button
            variant={reordering ? 'filled' : 'default'}
            aria-pressed={reordering}
            leftSection={
              reordering ? <IconCheck size={18} aria-hidden="true" /> : <IconArrowsSort size={18} aria-hidden="true" />
            }
            onClick={() => setReordering((on) => !on)}
          >
            {reordering ? t('networkAdmins.endReorder') : t('networkAdmins.reorder')}
          </Button>
          <Button component={Link} to="/intranet/user" leftSection={<IconPlus size={18} aria-hidden="true" />}>
            {t('networkAdmins.add')}
          </Button>
        </Group>
      </Group>
      {reordering && admins.data ? (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('networkAdmins.reorderHint')}
          </Text>
          <SortableList
            items={admins.data.items}
            getId={(a) => a.id}
            getLabel={fullName}
            label={t('networkAdmins.listLabel')}
            onReorder={(move) => reorder.mutateAsync(move)}
            renderItem={(a) => (
              <Group gap="sm" wrap="nowrap">
                <Text fw={600}>{fullName(a)}</Text>
                <Text size="sm" c="dimmed">
                  {roleName(a.roleId)}
                </Text>
              </Group>
            )}
          />
        </Stack>
      ) : (
        <PagedTable
          label={t('networkAdmins.listLabel')}
          query={admins}
          pageNumber={list.pageNumber}
          onPageChange={list.setPage}
          columns={columns}
          rowKey={(a) => a.id}
          rowHref={editPath}
          minWidth={960}
          rowActions={(a) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Tooltip label={t('networkAdmins.edit')}>
                <ActionIcon
                  component={Link}
                  to={editPath(a)}
                  variant="subtle"
                  aria-label={t('networkAdmins.editOf', { name: fullName(a) })}
                >
                  <IconPencil size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
              {networkAdminLocks(caller, a).connectionLink ? null : (
                <Tooltip label={t('networkAdmins.sendLink')}>
                  <ActionIcon
                    variant="subtle"
                    loading={sendLink.isPending && sendLink.variables === a.emailAddress}
                    aria-label={t('networkAdmins.sendLinkTo', { name: fullName(a) })}
                    onClick={() => sendLink.mutate(a.emailAddress)}
                  >
                    <IconMailForward size={18} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          )}
        />
      )}
    </Stack>
  );
}
