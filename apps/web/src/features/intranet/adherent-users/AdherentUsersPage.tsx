import { ActionIcon, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconEdit, IconLock, IconMailForward, IconTrash, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { type AdherentAdmin, useAdherentAdmins } from '../../../api/adherent-admins';
import {
  type AdherentUser,
  adherentUserBodyOf,
  archiveAdherentUser,
  saveAdherentUser,
  sendConnectionLink,
  useAdherentUsers,
  useAgencyAdherents,
} from '../../../api/adherent-users';
import { useRoles } from '../../../api/roles';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/DataTable';
import { EmptyBlock } from '../../../components/EmptyBlock';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { Select, Tooltip } from '../../../components/overlays';
import { PersonAvatar } from '../../../components/PersonAvatar';
import { useTranslation } from '../../../i18n';
import '../../../i18n/lists';
import { idParam } from '../../../lib/id-param';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useConfirmed } from '../../../lib/use-confirmed';
import { ArchivedAccountsSection } from './ArchivedAccountsSection';
import { userFormHref, useUsersCaller } from './caller';

/**
 * `/intranet/adherent-users` (spec 01 §2): the adherent's users and, merged in, its adherent
 * admins (returned separately by GET /adherent-admins): name, job, mail, phone, role, edit, active
 * switch (saved at once), connection link and delete (archive) with a confirmation. Role 4 and 7
 * rows show no action to an adherent-level account. A network account first picks the adherent.
 */
export function AdherentUsersPage() {
  const { t } = useTranslation();
  const caller = useUsersCaller();
  const [params, setParams] = useSearchParams();
  const adherents = useAgencyAdherents();
  const chosen = idParam(params.get('adherent-id'));
  const adherentId = caller.isNetwork ? chosen : (adherents.data?.[0]?.id ?? null);

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          {t('adherentUsers.title')}
        </Title>
        {adherentId !== null ? (
          <Button component={Link} to={userFormHref({ adherentId })} leftSection={<IconUserPlus size={18} aria-hidden="true" />}>
            {t('adherentUsers.add')}
          </Button>
        ) : null}
      </Group>
      {caller.isNetwork ? (
        <Select
          label={t('adherentUsers.adherent')}
          placeholder={t('adherentUsers.chooseAdherent')}
          data={(adherents.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
          value={chosen === null ? null : String(chosen)}
          onChange={(value) => setParams(value ? { 'adherent-id': value } : {}, { replace: true })}
          searchable
          clearable
          maw={420}
          error={adherents.isError ? t('adherentUsers.errors.loadAdherents') : undefined}
        />
      ) : null}
      {adherents.isError && !caller.isNetwork ? (
        <Card shadow="xs">
          <LoadError message={t('adherentUsers.errors.loadAdherents')} onRetry={() => adherents.refetch()} />
        </Card>
      ) : adherentId === null ? (
        adherents.isPending ? (
          <ListSkeleton rows={4} height={40} />
        ) : (
          <Card shadow="xs">
            <EmptyBlock icon={<IconUsers size={28} />} title={t('adherentUsers.chooseAdherentHint')} />
          </Card>
        )
      ) : (
        <UsersTable adherentId={adherentId} />
      )}
      {caller.mayAnonymize ? <ArchivedAccountsSection /> : null}
    </Stack>
  );
}

function UsersTable({ adherentId }: { adherentId: number }) {
  const { t } = useTranslation();
  const caller = useUsersCaller();
  const users = useAdherentUsers(adherentId);
  const admins = useAdherentAdmins(adherentId);
  const roles = useRoles();
  const roleName = (id: number) => roles.data?.find((r) => r.id === id)?.name ?? '';

  const toggle = useMutation({
    mutationFn: (user: AdherentUser) => saveAdherentUser(user.id, { ...adherentUserBodyOf(user), isActive: !user.isActive }),
    onError: () => notifyError(t('adherentUsers.errors.update')),
  });
  const sendLink = useMutation({
    mutationFn: (user: AdherentUser) => sendConnectionLink(user.emailAddress),
    onSuccess: () => notifySuccess(t('adherentUsers.linkSent')),
    onError: () => notifyError(t('adherentUsers.errors.sendLink')),
  });
  const archive = useConfirmed({
    run: (user: AdherentUser) => archiveAdherentUser(user.id),
    done: t('adherentUsers.deleted'),
    failed: t('adherentUsers.errors.delete'),
  });

  if (users.isError || admins.isError)
    return (
      <Card shadow="xs">
        <LoadError
          message={t('adherentUsers.errors.loadUsers')}
          onRetry={() => {
            void users.refetch();
            void admins.refetch();
          }}
        />
      </Card>
    );
  if (users.isPending || admins.isPending) return <ListSkeleton rows={4} height={40} />;

  // The adherent admins come separately and are merged into the list (spec 01 §2).
  const rows = withAdherentAdmins(users.data, admins.data);

  return (
    <Card shadow="xs" p={0}>
      {rows.length === 0 ? (
        <EmptyBlock icon={<IconUsers size={28} />} title={t('list.noData')} />
      ) : (
        <DataTable
          label={t('adherentUsers.listLabel')}
          minWidth={860}
          highlightOnHover
          rows={rows}
          rowKey={(user) => user.id}
          columns={[
            {
              key: 'name',
              header: t('adherentUsers.name'),
              cell: (user) => (
                <Group gap="sm" wrap="nowrap">
                  <PersonAvatar fileId={user.avatarFileId} />
                  <div>
                    <Text size="sm" fw={600}>
                      {`${user.firstName} ${user.lastName}`}
                    </Text>
                    {user.isAdherentAdmin ? (
                      <Text size="xs" c="dimmed">
                        {t('adherentUsers.adherentAdmin')}
                      </Text>
                    ) : null}
                  </div>
                </Group>
              ),
            },
            { key: 'position', header: t('adherentUsers.position'), cell: (user) => user.position },
            { key: 'email', header: t('adherentUsers.email'), cell: (user) => user.emailAddress, nowrap: true },
            { key: 'phone', header: t('adherentUsers.phone'), cell: (user) => user.phone, nowrap: true },
            { key: 'role', header: t('adherentUsers.role'), cell: (user) => roleName(user.roleId) },
            {
              key: 'active',
              header: t('adherentUsers.active'),
              cell: (user) =>
                caller.mayTouchRole(user.roleId) ? (
                  <Switch
                    checked={user.isActive}
                    aria-label={t('adherentUsers.activeOne', { name: `${user.firstName} ${user.lastName}` })}
                    disabled={toggle.isPending}
                    onChange={() => toggle.mutate(user)}
                  />
                ) : (
                  <Text size="sm">{user.isActive ? t('adherentUsers.stateActive') : t('adherentUsers.stateInactive')}</Text>
                ),
            },
          ]}
          rowActions={(user) =>
            caller.mayTouchRole(user.roleId) ? (
              <UserActions
                user={user}
                sendingLink={sendLink.isPending && sendLink.variables?.id === user.id}
                onSendLink={() => sendLink.mutate(user)}
                onDelete={() => archive.ask(user)}
              />
            ) : (
              <ProtectedRow />
            )
          }
        />
      )}
      <ConfirmDialog
        {...archive.dialog}
        title={t('adherentUsers.deleteTitle')}
        confirmLabel={t('adherentUsers.delete')}
        color="red"
      >
        <Text>
          {t('adherentUsers.deleteText', {
            name: archive.target ? `${archive.target.firstName} ${archive.target.lastName}` : '',
          })}
        </Text>
      </ConfirmDialog>
    </Card>
  );
}

/** The users, then the adherent admins that are not users too, by name. */
function withAdherentAdmins(users: AdherentUser[], admins: AdherentAdmin[]): AdherentUser[] {
  const seen = new Set(users.map((u) => u.id));
  return [
    ...users,
    ...admins
      .filter((a) => !seen.has(a.id))
      .map((a) => ({
        id: a.id,
        adherentId: a.adherentId,
        firstName: a.firstName,
        lastName: a.lastName,
        position: a.position,
        phone: a.phone,
        emailAddress: a.emailAddress,
        roleId: a.roleId,
        avatarFileId: a.avatarFileId,
        isActive: a.isActive,
        isAdherentAdmin: true,
        agencies: a.agencies,
      })),
  ].sort((a, b) => a.lastName.localeCompare(b.lastName, 'fr') || a.firstName.localeCompare(b.firstName, 'fr') || a.id - b.id);
}

interface UserActionsProps {
  user: AdherentUser;
  sendingLink: boolean;
  onSendLink: () => void;
  onDelete: () => void;
}

/** Edit, send the connection link, delete: on the rows the caller may touch. */
function UserActions({ user, sendingLink, onSendLink, onDelete }: UserActionsProps) {
  const { t } = useTranslation();
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={t('adherentUsers.edit')}>
        <ActionIcon
          component={Link}
          to={userFormHref({ id: user.id })}
          variant="subtle"
          size="lg"
          aria-label={t('adherentUsers.editOne', { name })}
        >
          <IconEdit size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('adherentUsers.sendLink')}>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('adherentUsers.sendLinkTo', { name })}
          loading={sendingLink}
          onClick={onSendLink}
        >
          <IconMailForward size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('adherentUsers.delete')}>
        <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('adherentUsers.deleteOne', { name })} onClick={onDelete}>
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** A row the caller may not touch (role 4 or 7 for an adherent-level account). */
function ProtectedRow() {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Tooltip label={t('adherentUsers.protectedRow')}>
        <IconLock size={18} aria-label={t('adherentUsers.protectedRow')} role="img" tabIndex={0} />
      </Tooltip>
    </Group>
  );
}
